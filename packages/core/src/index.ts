export { composePasswordMail } from "./accounts/account-mail.ts";
export type { MailContent } from "./accounts/account-mail-body.ts";
export type { AccountMailDraft } from "./accounts/account-mail-content.ts";
export { type DisableUserOptions, disableUser, enableUser } from "./accounts/disable-user.ts";
export {
  createPasswordResetLink,
  type PasswordResetLinkOptions,
} from "./accounts/password-reset-link.ts";
export type {
  AccountKey,
  AccountTokens,
  Adapter,
  AdapterAccount,
  AdapterSession,
  AdapterUser,
  AuditQuery,
  ClaimedUser,
  StoredAuditEntry,
  StoredPasskey,
  StoredSessionRecord,
  StoredTwoFactor,
  UnverifiedClaim,
  UserSearch,
  UserStats,
  UserSummary,
  VerificationToken,
} from "./adapter/adapter.ts";
export { createMemoryAdapter, type MemoryAdapter, type MemoryTables } from "./adapter/memory-adapter.ts";
export type { AdminAuditEntry } from "./admin/audit-json.ts";
export { type AdminCandidate, isAdmin } from "./admin/is-admin.ts";
export type { AdminUser } from "./admin/user-json.ts";
export { AUDIT_KINDS, type AuditKind } from "./audit/audit-kinds.ts";
export { deleteOldAuditEntries } from "./audit/delete-old-audit-entries.ts";
export { type EnvOptions, optionsFromEnv } from "./config/env.ts";
export type {
  Account,
  AdminOptions,
  AuditOptions,
  Callbacks,
  GatehouseOptions,
  I18nOptions,
  JWT,
  LimitedAction,
  LimitedActionRules,
  Logger,
  MigrateOptions,
  Pages,
  RateLimitOptions,
  Session,
  SessionOptions,
  Theme,
} from "./config/options.ts";
export { AuthError, hasErrorCode, isAuthError } from "./errors/auth-error.ts";
export {
  type ErrorCode,
  type ErrorEntry,
  errorCatalogue,
  type ModuleErrorCode,
  type ModuleErrorCodes,
  type StorageErrorCode,
} from "./errors/catalogue.ts";
export { ConfigError } from "./errors/config-error.ts";
export { type Failure, isFailure } from "./errors/failure.ts";
export type { AuditEntry, EventMessages, EventName, Events } from "./events/events.ts";
export { type Gatehouse, gatehouse, type HandlerInfo } from "./gatehouse.ts";
export type { Answer } from "./http/answer.ts";
export type { RequestHead } from "./http/request-head.ts";
export { BUILT_IN_LOCALES, type BuiltInLocale, LOCALE_COOKIE } from "./i18n/locales.ts";
export type { MessageKey, Messages } from "./i18n/messages/en.ts";
export {
  type LocaleRequest,
  type LocaleSource,
  negotiateLocale,
  negotiateLocaleWithSource,
} from "./i18n/negotiate-locale.ts";
export type { TrustedProxies } from "./limits/client-ip.ts";
export type { LockoutOptions } from "./limits/lockout.ts";
export {
  createMemoryRateLimitStore,
  type MemoryRateLimitStore,
  type MemoryRateLimitStoreOptions,
} from "./limits/memory-rate-limit-store.ts";
export type { HitOptions, RateLimitCounter, RateLimitStore } from "./limits/rate-limit-store.ts";
export type { RateLimitRule } from "./limits/rate-limiter.ts";
export {
  defineModule,
  type GatehouseModule,
  type ModuleAnswer,
  type ModuleEndpoint,
  type ModuleErrorEntry,
  type ModuleRequest,
  type ModuleSignIn,
  type ModuleStartup,
  type SignInHooks,
} from "./modules/module.ts";
export { json, redirect } from "./modules/module-answers.ts";
export {
  type Argon2idOptions,
  argon2idDefaults,
  createPasswordHasher,
  hashPassword,
  type PasswordCheck,
  type PasswordHasher,
  verifyPassword,
} from "./passwords/index.ts";
export {
  type BreachedList,
  checkPassword,
  normalizePassword,
  type PasswordPolicyError,
  type PwnedCheckOptions,
} from "./passwords/policy.ts";
export { Credentials } from "./providers/credentials.ts";
export { Email, type VerificationRequest } from "./providers/email.ts";
export { normalizeEmail } from "./providers/email-address.ts";
export { OAuth2, OIDC, type OIDCOptions } from "./providers/oidc.ts";
export { Password, type PasswordMail } from "./providers/password.ts";
export {
  Apple,
  Atlassian,
  Auth0,
  Bitbucket,
  Cognito,
  Discord,
  Facebook,
  GitHub,
  GitLab,
  Google,
  Keycloak,
  LinkedIn,
  MicrosoftEntraID,
  Okta,
  type PresetOptions,
  Salesforce,
  Slack,
  Spotify,
  Twitch,
  Twitter,
  Zitadel,
} from "./providers/presets/index.ts";
export { providerFromEnv } from "./providers/provider-env.ts";
export type {
  ClientRegistrationOptions,
  CredentialInput,
  CredentialsProviderConfig,
  EmailProviderConfig,
  EndSessionOptions,
  OAuthCheck,
  OAuthProviderConfig,
  PasswordProviderConfig,
  ProfileContext,
  ProviderConfig,
  PublicProvider,
  TokenSet,
  User,
  UserinfoRequestContext,
} from "./providers/types.ts";
export {
  type AccessTokenVerifier,
  type AccessTokenVerifierOptions,
  createAccessTokenVerifier,
  hasScopes,
  type IntrospectionOptions,
  type Principal,
  verifyAccessToken,
} from "./resource/index.ts";
export type { SessionInfo } from "./session/session-info.ts";
export type { AccessToken, AccessTokenError, AccessTokenResult } from "./tokens/get-access-token.ts";
