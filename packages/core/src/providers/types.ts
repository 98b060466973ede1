/** What a provider returns about the person: the user Gatehouse signs in. */
export interface User {
  id: string;
  name?: string | null;
  email?: string | null;
  image?: string | null;
}

/** Tokens from a provider's token endpoint, as passed to `profile()` and later stored. */
export interface TokenSet {
  access_token?: string;
  token_type?: string;
  id_token?: string;
  refresh_token?: string;
  scope?: string;
  /** Absolute expiry, epoch seconds. */
  expires_at?: number;
  [key: string]: unknown;
}

/** Per-provider look on the built-in sign-in page. */
export interface ProviderStyle {
  logo?: string;
  bg?: string;
  text?: string;
}

interface ProviderBase {
  /** Path segment in `signin/<id>` and `callback/<id>`: lowercase letters, digits, `-` and `_`. */
  id: string;
  /** Shown on the sign-in page: "Sign in with <name>". */
  name: string;
  style?: ProviderStyle;
}

/** The checks an OAuth provider's callback must pass. */
export type OAuthCheck = "pkce" | "state" | "nonce";

/** What a custom `userinfo.request` gets. */
export interface UserinfoRequestContext {
  tokens: TokenSet;
  /**
   * An authenticated GET (the access token as a Bearer token) through Gatehouse's fetch, timeout and
   * endpoint rules (https or loopback only, no redirects); resolves to the JSON body, rejects otherwise.
   */
  fetchJson: (url: string) => Promise<unknown>;
}

/** The third argument of `profile()`. */
export interface ProfileContext {
  /**
   * The callback's parameters (query, or form body with `response_mode=form_post`). Not signed: use only
   * for what the provider sends nowhere else (Apple's first-login `user` name), never for identity.
   */
  params: URLSearchParams;
}

/** Generic OAuth 2 / OpenID Connect provider configuration. Build one with `OIDC()` or `OAuth2()`. */
export interface OAuthProviderConfig extends ProviderBase {
  type: "oidc" | "oauth";
  /**
   * The client id. With `registration` it stays empty (`OIDC()` leaves it out): the id and secret then
   * come from the stored registration, resolved before every provider call.
   */
  clientId: string;
  clientSecret?: string;
  /**
   * Register with the provider's `registration_endpoint` (RFC 7591) on first use instead of a configured
   * client id; the credentials are stored (secret sealed) through the adapter. OIDC with an issuer only.
   */
  registration?: ClientRegistrationOptions;
  /**
   * RP-initiated logout: `POST signout` ends the local session, then sends the browser to the provider's
   * `end_session_endpoint` with the stored ID token as `id_token_hint`. Default off.
   */
  endSession?: boolean | EndSessionOptions;
  /** Accept OpenID back-channel logout tokens at `POST BASE/backchannel-logout/<id>`. Default off. */
  backchannelLogout?: boolean;
  /** OIDC: the issuer; its discovery document is fetched once and cached. */
  issuer?: string;
  /** Authorization endpoint (OAuth 2 without discovery) and extra static parameters. */
  authorization?: { url?: string; params?: Record<string, string> };
  /**
   * Token endpoint (OAuth 2 without discovery). `conform` reshapes a provider's non-standard success body
   * (Twitch sends `scope` as an array) before it is validated.
   */
  token?: { url?: string; conform?: (body: Record<string, unknown>) => Record<string, unknown> };
  /**
   * Userinfo endpoint (OAuth 2 without discovery). `request` replaces the single userinfo GET for providers
   * whose profile takes several calls (GitHub's `/user` then `/user/emails`).
   */
  userinfo?: {
    url?: string;
    request?: (context: UserinfoRequestContext) => Promise<Record<string, unknown>>;
  };
  /**
   * A multi-tenant issuer (Microsoft Entra ID `common` / `organizations`): discovery at `issuer` answers
   * `template`, and an ID token's `iss` is accepted only when it equals `template` with `placeholder`
   * replaced by the token's own `claim` (e.g. `{tenantid}` ← `tid`).
   */
  issuerTemplate?: { template: string; placeholder: string; claim: string };
  /** Key-set endpoint for ID tokens (OAuth 2 without discovery). */
  jwksUri?: string;
  /** Default: `["pkce", "state"]`, plus `"nonce"` for OIDC. */
  checks?: OAuthCheck[];
  /** Maps the provider's profile (ID-token claims or userinfo) to a user. Default: OIDC standard claims. */
  profile?: (
    profile: Record<string, unknown>,
    tokens: TokenSet,
    context: ProfileContext,
  ) => User | Promise<User>;
  /** Link to an existing user with the same email when the provider says the email is verified. */
  allowDangerousEmailAccountLinking?: boolean;
  /**
   * Revoke the stored refresh token (else access token) at the provider's `revocation_endpoint`
   * (RFC 7009) on `POST signout` and on `unlinkAccount`. Best effort: a provider that is down never
   * blocks either. Default false.
   */
  revokeTokens?: boolean;
  /**
   * How the client authenticates at the token and PAR endpoints. Default: `client_secret_basic` with a
   * secret (`client_secret_post` when the provider advertises only that), `none` without one.
   */
  clientAuthMethod?: ClientAuthMethod;
  /** Asymmetric private key for `private_key_jwt` and for signing request objects. */
  clientPrivateKey?: ClientPrivateKey;
  /**
   * Send the authorization request as a signed request object (RFC 9101, `request`), valid 300 s.
   * Default: only when the provider's metadata says `require_signed_request_object`.
   */
  requestObject?: boolean;
  /**
   * Pushed authorization requests (RFC 9126). Default: used when the provider's metadata has a
   * `pushed_authorization_request_endpoint`; `false` opts out unless the provider requires PAR.
   */
  pushedAuthorizationRequests?: boolean;
  /** How the provider returns the code: `query` (default, a GET) or `form_post` (a cross-site POST). */
  responseMode?: "query" | "form_post";
}

/** Client authentication at the token endpoint (OAuth wire names). */
export type ClientAuthMethod = "client_secret_basic" | "client_secret_post" | "private_key_jwt" | "none";

/** A client's private signing key: a private JWK (RSA, EC or OKP) or a private `CryptoKey`. */
export interface ClientPrivateKey {
  // jose's CryptoKey, not the DOM global: the published .d.ts must also compile in Node projects
  // whose tsconfig has no DOM lib (lib/key-ring.ts does the same).
  key: import("jose").JWK | import("jose").CryptoKey;
  /** `kid` for the JWS header; default the JWK's own `kid`. */
  kid?: string;
  /** JWS algorithm for a JWK without `alg`; default RS256 (RSA), ES256/384/512 (EC by curve), Ed25519 (OKP). */
  alg?: string;
}

/** Dynamic client registration (RFC 7591) for a provider configured without a client id. */
export interface ClientRegistrationOptions {
  /**
   * Client metadata sent with the registration, over Gatehouse's defaults (`redirect_uris`: this
   * provider's callback URL, `grant_types`: `authorization_code`, `response_types`: `code`,
   * `token_endpoint_auth_method`: `client_secret_basic`, `client_name`: the provider name).
   */
  metadata?: Record<string, unknown>;
  /** The provider's initial access token (RFC 7591 §3), when its registration endpoint is protected. */
  initialAccessToken?: string;
}

/** RP-initiated logout options. */
export interface EndSessionOptions {
  /**
   * Where the provider sends the browser after its logout (`post_logout_redirect_uri`): a path or a URL
   * that passes the same redirect policy as every callback URL. Default: the sign-out's callback URL.
   * The provider must know it (its `post_logout_redirect_uris`).
   */
  postLogoutRedirect?: string;
}

/** One field of a credentials form. */
export interface CredentialInput {
  label?: string;
  type?: string;
  placeholder?: string;
  autocomplete?: string;
  required?: boolean;
}

/** Credentials provider: the app checks what the person typed. */
export interface CredentialsProviderConfig extends ProviderBase {
  type: "credentials";
  /** The form fields, by name. */
  credentials: Record<string, CredentialInput>;
  /** Returns the user for valid credentials, or null. Throwing is treated as a failed sign-in. */
  authorize: (credentials: Record<string, string>, request: Request) => User | null | Promise<User | null>;
}

/** Email (magic link) provider. Build one with `Email()`. */
export interface EmailProviderConfig extends ProviderBase {
  type: "email";
  /** Link lifetime, seconds. Default 24 hours. */
  maxAge?: number;
  /** Delivers the link. Never put the address or other user input unescaped into the mail body. */
  sendVerificationRequest: (request: import("./email.ts").VerificationRequest) => Promise<void>;
}

/**
 * Email-and-password accounts that Gatehouse keeps (sign-up, sign-in, email verification, reset,
 * change). Build one with `Password()`. Needs an adapter with the password methods (`@gatehouse/sql`).
 */
export interface PasswordProviderConfig extends ProviderBase {
  type: "password";
  /** Whether an account must verify its email address before it can sign in. Default true. */
  requireEmailVerification?: boolean;
  /**
   * Delivers Gatehouse's account mails (verify address, reset password, account exists, password
   * changed): `passwordMailer()` of `@gatehouse/smtp`, or your own. Never put user input unescaped
   * into a mail body. A rejection is logged; the person's answer does not change.
   */
  sendMail: (mail: import("./password.ts").PasswordMail) => Promise<void>;
  /**
   * How passwords are hashed and checked. `Password()` sets `createPasswordHasher()`: argon2id with
   * OWASP's parameters, from `node:crypto` where it has argon2 (Node ≥ 24.7), else from
   * `@gatehouse/argon2id`. A provider object without one works only where `node:crypto` has argon2.
   */
  hasher?: import("../passwords/password-hasher.ts").PasswordHasher;
  /**
   * Breached passwords refused at sign-up, reset and change (NIST SP 800-63B): a list (any object
   * with `has(password)`, a `Set` works), or a function that loads one, called once, on the first
   * password checked — `loadCommonPasswords` of `@gatehouse/common-passwords`, the 100,000 most
   * common, is one. Opt-in: without it only the length rules and `pwnedPasswords` apply, and in
   * production Gatehouse says so at start-up; `false` turns the offline check off without a word.
   */
  breachedPasswords?:
    | import("../passwords/policy.ts").BreachedList
    | (() => Promise<import("../passwords/policy.ts").BreachedList>)
    | false;
  /** Also ask Have I Been Pwned (k-anonymity, fails open with a log line). Default off. */
  pwnedPasswords?: import("../passwords/policy.ts").PwnedCheckOptions | boolean;
  /** Lifetime of a reset link, seconds. Default 1 hour. */
  resetMaxAge?: number;
  /** Lifetime of an email verification link, seconds. Default 24 hours. */
  verifyMaxAge?: number;
}

export type ProviderConfig =
  | OAuthProviderConfig
  | CredentialsProviderConfig
  | EmailProviderConfig
  | PasswordProviderConfig;

/** The public view of a provider, as `GET providers` answers it. */
export interface PublicProvider {
  id: string;
  name: string;
  type: "oauth" | "oidc" | "email" | "credentials" | "webauthn";
  signinUrl: string;
  callbackUrl: string;
}
