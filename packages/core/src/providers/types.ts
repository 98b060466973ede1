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

/** Generic OAuth 2 / OpenID Connect provider configuration. Build one with `OIDC()` or `OAuth2()`. */
export interface OAuthProviderConfig extends ProviderBase {
  type: "oidc" | "oauth";
  clientId: string;
  clientSecret?: string;
  /** OIDC: the issuer; its discovery document is fetched once and cached. */
  issuer?: string;
  /** Authorization endpoint (OAuth 2 without discovery) and extra static parameters. */
  authorization?: { url?: string; params?: Record<string, string> };
  /** Token endpoint (OAuth 2 without discovery). */
  token?: { url?: string };
  /** Userinfo endpoint (OAuth 2 without discovery). */
  userinfo?: { url?: string };
  /** Key-set endpoint for ID tokens (OAuth 2 without discovery). */
  jwksUri?: string;
  /** Default: `["pkce", "state"]`, plus `"nonce"` for OIDC. */
  checks?: OAuthCheck[];
  /** Maps the provider's profile (ID-token claims or userinfo) to a user. Default: OIDC standard claims. */
  profile?: (profile: Record<string, unknown>, tokens: TokenSet) => User | Promise<User>;
  /** Link to an existing user with the same email when the provider says the email is verified. */
  allowDangerousEmailAccountLinking?: boolean;
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

export type ProviderConfig = OAuthProviderConfig | CredentialsProviderConfig | EmailProviderConfig;

/** The public view of a provider, as `GET providers` answers it. */
export interface PublicProvider {
  id: string;
  name: string;
  type: "oauth" | "oidc" | "email" | "credentials" | "webauthn";
  signinUrl: string;
  callbackUrl: string;
}
