export type { AuthClientOptions } from "./client/create-auth-client.ts";
export { createAuthClient } from "./client/create-auth-client.ts";
export {
  changePassword,
  getCsrfToken,
  getProviders,
  getSession,
  requestPasswordReset,
  resetPassword,
  setPassword,
  signIn,
  signOut,
  signUp,
} from "./client/default-actions.ts";
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
  ChangePasswordInput,
  ClientProvider,
  PasswordErrorCode,
  PasswordFailure,
  PasswordResult,
  PasswordUpdateResult,
  ProviderMap,
  RequestPasswordResetInput,
  ResetPasswordInput,
  Session,
  SessionUser,
  SetPasswordInput,
  SignInOptions,
  SignOutOptions,
  SignUpInput,
} from "./client/types.ts";
export type { SessionProviderProps } from "./react/session-provider.ts";
export { SessionProvider } from "./react/session-provider.ts";
export type { UseSessionOptions } from "./react/use-session.ts";
export { useSession } from "./react/use-session.ts";
