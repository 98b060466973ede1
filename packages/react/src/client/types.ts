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

/** The result of `signIn` and `signOut`; `error` is the `?error=` code of the server's answer. */
export interface AuthResult {
  ok: boolean;
  /** HTTP status of the last response, 0 when none arrived. */
  status: number;
  error: string | null;
  /** Where the server sends the browser next; null on error. */
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
}
