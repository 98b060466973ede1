/** The signed-in user as `GET BASE/session` reports it (docs/protocol.md §2). */
export interface SessionUser {
  name?: string | null;
  email?: string | null;
  image?: string | null;
}

/** A session as `GET BASE/session` answers it, plus whatever the server's `session` callback adds. */
export interface Session {
  user?: SessionUser;
  /** ISO-8601 expiry. */
  expires: string;
  [key: string]: unknown;
}

/** One entry of `GET BASE/providers` (docs/protocol.md §2). */
export interface ClientProvider {
  id: string;
  name: string;
  type: "oauth" | "oidc" | "email" | "credentials" | "webauthn";
  signinUrl: string;
  callbackUrl: string;
}

/** `GET BASE/providers`: provider id → provider. */
export type ProviderMap = Record<string, ClientProvider>;

/**
 * The result of `signIn` and `signOut`; `error` is the `?error=` code of the server's answer, or
 * `"TwoFactorRequired"` when the credentials were right but the account has two-factor on: no session
 * yet, and `url` is the server's two-factor page (`BASE/two-factor`; finish there, or in your own form
 * with `submitTwoFactor` of `@gatehouse/react/two-factor`).
 */
export interface AuthResult {
  ok: boolean;
  /** HTTP status of the last response, 0 when none arrived. */
  status: number;
  error: string | null;
  /** Where the server sends the browser next; null on error, except the two-factor page with `TwoFactorRequired`. */
  url: string | null;
}

/** Options of `signIn`; every other field (e.g. `username`, `email`) is posted to the provider. */
export interface SignInOptions {
  /** Where to land after sign-in; default: the current page in a browser. */
  callbackUrl?: string;
  /** `false`: return the result and do not navigate. */
  redirect?: boolean;
  [field: string]: string | boolean | undefined;
}

/** Options of `signOut`. */
export interface SignOutOptions {
  callbackUrl?: string;
  redirect?: boolean;
}

/**
 * Why a password function failed: a code of the server's error catalogue (docs/errors.md), or
 * `NetworkError` (no answer arrived) or `Default` (an answer this client does not understand, e.g.
 * an HTML page from a proxy, or a code not listed here; `status` then says more).
 */
export type PasswordErrorCode =
  // the new password or address was refused (sign-up, reset, change, set)
  | "EmailInvalid"
  | "PasswordTooShort"
  | "PasswordTooLong"
  | "PasswordBreached"
  // the reset link is unknown, used, expired or for another address: ask for a new one
  | "PasswordResetInvalid"
  // change and set password, for the signed-in user
  | "SessionRequired"
  | "CurrentPasswordIncorrect"
  | "PasswordNotSet"
  | "PasswordAlreadySet"
  | "ReauthenticationRequired"
  // every endpoint
  | "MissingCSRF"
  | "RateLimited"
  | "StorageUnavailable"
  | "NetworkError"
  | "Default";

/** A password function's expected failure; these functions never throw for one. */
export interface PasswordFailure {
  ok: false;
  /** HTTP status of the answer, 0 when none arrived. */
  status: number;
  error: PasswordErrorCode;
  /** The server's message for people, when it sent one (JSON endpoints, `RateLimited`). */
  message?: string;
  /** Seconds to wait before trying again (`RateLimited`). */
  retryAfter?: number;
}

/** The result of `signUp`, `requestPasswordReset` and `resetPassword`. */
export type PasswordResult =
  | {
      ok: true;
      status: number;
      /** The page the server sends the person to next ("check your email", the sign-in page). */
      url: string;
    }
  | PasswordFailure;

/** The result of `changePassword` and `setPassword`. */
export type PasswordUpdateResult = { ok: true; status: number } | PasswordFailure;

/** Input of `signUp`. */
export interface SignUpInput {
  email: string;
  password: string;
  name?: string;
  /** Where the verification link lands; default: the server's (its callback cookie, else the origin). */
  callbackUrl?: string;
}

/** Input of `requestPasswordReset`. */
export interface RequestPasswordResetInput {
  email: string;
  /** Where the reset link's form sends the person afterwards. */
  callbackUrl?: string;
}

/** Input of `resetPassword`: `token`, `email` and `user` come from the reset link's query. */
export interface ResetPasswordInput {
  token: string;
  email: string;
  /** The account the link belongs to (its `user` parameter): a link works for that account only. */
  user: string;
  password: string;
  callbackUrl?: string;
}

/** Input of `changePassword`. */
export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** Input of `setPassword`. */
export interface SetPasswordInput {
  newPassword: string;
}

/** Extra OAuth authorization parameters, sent as the query string of `POST BASE/signin/<id>`. */
export type AuthorizationParams = ConstructorParameters<typeof URLSearchParams>[0];

/** The functions `createAuthClient` returns; they need no `this`, so they can be destructured. */
export interface AuthClient {
  /** `baseUrl` + `basePath`, e.g. `/api/auth`. */
  endpoint: string;
  /** Performs a full-page navigation; injected so tests and routers can take it over. */
  navigate(url: string): void;
  getSession(): Promise<Session | null>;
  getCsrfToken(): Promise<string | null>;
  getProviders(): Promise<ProviderMap | null>;
  signIn(
    providerId?: string,
    options?: SignInOptions,
    authorizationParams?: AuthorizationParams,
  ): Promise<AuthResult>;
  signOut(options?: SignOutOptions): Promise<AuthResult>;
  updateSession(data: unknown): Promise<Session | null>;
  /** Creates a password account; the same "check your email" answer whether or not it exists. */
  signUp(input: SignUpInput): Promise<PasswordResult>;
  /** Mails a reset link when the address has an account; the same answer either way. */
  requestPasswordReset(input: RequestPasswordResetInput): Promise<PasswordResult>;
  /** Sets a new password with a reset link's token; ends every session of the user. */
  resetPassword(input: ResetPasswordInput): Promise<PasswordResult>;
  /** Changes the signed-in user's password; other sessions end, this one is renewed. */
  changePassword(input: ChangePasswordInput): Promise<PasswordUpdateResult>;
  /** Gives the signed-in user a first password (one who signed up through a provider or a link). */
  setPassword(input: SetPasswordInput): Promise<PasswordUpdateResult>;
}
