export type {
  Adapter,
  AdapterAccount,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "./adapter/adapter.ts";
export { optionsFromEnv, providerFromEnv } from "./config/env.ts";
export type {
  Account,
  Callbacks,
  GatehouseOptions,
  JWT,
  Logger,
  Pages,
  Session,
  SessionOptions,
  Theme,
} from "./config/options.ts";
export { AuthError, isAuthError } from "./errors/auth-error.ts";
export { type ErrorCode, type ErrorEntry, errorCatalogue } from "./errors/catalogue.ts";
export { type Gatehouse, gatehouse } from "./gatehouse.ts";
export { Credentials } from "./providers/credentials.ts";
export { Email, type VerificationRequest } from "./providers/email.ts";
export { normalizeEmail } from "./providers/email-address.ts";
export { OAuth2, OIDC } from "./providers/oidc.ts";
export type {
  CredentialInput,
  CredentialsProviderConfig,
  EmailProviderConfig,
  OAuthCheck,
  OAuthProviderConfig,
  ProviderConfig,
  PublicProvider,
  TokenSet,
  User,
} from "./providers/types.ts";
