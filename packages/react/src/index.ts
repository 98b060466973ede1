export type { AuthClientOptions } from "./client/create-auth-client.ts";
export { createAuthClient } from "./client/create-auth-client.ts";
export { getCsrfToken, getProviders, getSession, signIn, signOut } from "./client/default-actions.ts";
export type {
  Platform,
  RefetchOptions,
  RefetchReason,
  SessionState,
  SessionStatus,
  SessionStore,
} from "./client/session-store.ts";
export { createSessionStore } from "./client/session-store.ts";
export type {
  AuthClient,
  AuthorizationParams,
  AuthResult,
  ClientProvider,
  ProviderMap,
  Session,
  SessionUser,
  SignInOptions,
  SignOutOptions,
} from "./client/types.ts";
export type { SessionProviderProps } from "./react/session-provider.ts";
export { SessionProvider } from "./react/session-provider.ts";
export type { UseSessionOptions } from "./react/use-session.ts";
export { useSession } from "./react/use-session.ts";
