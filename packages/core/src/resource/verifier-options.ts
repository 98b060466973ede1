/** Client credentials for the issuer's introspection endpoint (RFC 7662 §2.1 requires the caller to authenticate). */
export interface IntrospectionOptions {
  clientId: string;
  /** Sent as `client_secret_basic`. */
  clientSecret: string;
  /** Default: discovery's `introspection_endpoint`. */
  endpoint?: string;
}

/** How `verifyAccessToken` checks tokens; see the README's "Verifying access tokens" table. */
export interface AccessTokenVerifierOptions {
  /** The issuer tokens must come from (`iss`), also the discovery base when an endpoint is not given. */
  issuer: string;
  /** This API's identifier; a token's `aud` must contain one of them. */
  audience: string | string[];
  /** Allowed JWS algorithms. Default the asymmetric ones; `none` and `HS*` are refused at start-up. */
  algorithms?: string[];
  /**
   * Required JWT `typ` header. Default `at+jwt` (RFC 9068), which also keeps ID tokens out. `false`
   * turns the check off for issuers that sign access tokens as plain `JWT`; then `aud` alone tells an
   * ID token (audience: a client) from an access token (audience: this API).
   */
  typ?: string | false;
  /** Default: discovery's `jwks_uri`. */
  jwksUri?: string;
  /** Turns on opaque (non-JWT) tokens, checked at the issuer's introspection endpoint. */
  introspection?: IntrospectionOptions;
  /** How long an introspection answer is reused, never past the token's `exp`. Default 30; 0 turns caching off. */
  introspectionCacheSeconds?: number;
  /** Most cached introspection answers kept; the oldest goes first. Default 1000. */
  introspectionCacheSize?: number;
  /** Every request to the issuer (discovery, key set, introspection) goes through it. Default `fetch`. */
  fetch?: typeof fetch;
  /** Current time in milliseconds. Default `Date.now`. */
  now?: () => number;
  /** Per-request timeout for the issuer's endpoints, in milliseconds. Default 5000. */
  timeoutMs?: number;
  /**
   * Told why the issuer could not be asked (key set or introspection endpoint down, discovery failed) —
   * not about bad tokens, which are everyday traffic. Receives a name and message, never a token.
   */
  onError?: (error: { name: string; message: string; code?: string } | string) => void;
}

/** RFC 9068 §2.1: `at+jwt`. */
export const DEFAULT_ACCESS_TOKEN_TYP = "at+jwt";
/** RFC 9068 §4 leaves the choice to the resource server; asymmetric only, so no shared secret can mint tokens. */
export const DEFAULT_ACCESS_TOKEN_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
];
/** The key-set fetch timeout; also used for discovery and introspection. */
export const DEFAULT_RESOURCE_TIMEOUT_MS = 5000;
export const DEFAULT_INTROSPECTION_CACHE_SECONDS = 30;
export const DEFAULT_INTROSPECTION_CACHE_SIZE = 1000;
