/**
 * The one error catalogue. Every error Gatehouse reports has a code listed here; the sign-in page
 * messages, the error page, JSON errors, HTTP statuses and `docs/errors.md` are all derived from it.
 */

/** Where an error is shown to a person: inline on the sign-in page, on the error page, or only as JSON. */
export type ErrorSurface = "signin" | "error" | "request";

/**
 * How an OAuth-style endpoint (device-token, backchannel-logout) answers a code: RFC 6749 §5.2 JSON,
 * `{"error": error, "error_description": description}`, without `error_description` when it is null.
 * The wire values are fixed by the specs and by the clients that already parse them: change neither.
 */
export interface OAuthAnswer {
  /** The RFC `error` value sent. */
  readonly error: string;
  readonly description: string | null;
}

export interface ErrorEntry {
  /** HTTP status for JSON answers and for the error page. */
  readonly status: number;
  readonly surface: ErrorSurface;
  /**
   * Page heading (error page) — short. English: a page shows the request's language, from the
   * message catalogue's `error.<Code>.title` (i18n/messages; en takes this text).
   */
  readonly title: string;
  /** What the person sees. Never includes request data. English, as `title` (`error.<Code>.message`). */
  readonly message: string;
  /** For operators: when the code is raised (documentation only). */
  readonly cause: string;
  /** Answered the OAuth way instead of `{error: <code>, message}` (request surface only). */
  readonly oauth?: OAuthAnswer;
  /**
   * The code of a storage adapter's error (the SQL adapter's `StorageError`): logged, never sent as
   * itself — a request whose storage fails answers `StorageUnavailable`.
   */
  readonly storage?: true;
}

export const errorCatalogue = {
  // --- shown on the sign-in page (docs/protocol.md §7) ---
  OAuthSignin: {
    status: 502,
    surface: "signin",
    title: "Sign-in could not start",
    message: "Try signing in with a different account.",
    cause:
      "Starting an OAuth/OIDC sign-in failed: discovery or the provider could not be reached in time, or answered something unusable.",
  },
  OAuthCallback: {
    status: 400,
    surface: "signin",
    title: "Sign-in failed",
    message: "Try signing in with a different account.",
    cause:
      "The provider's return did not verify: a check cookie (state, PKCE, nonce) was missing, expired or for another provider; state, issuer, ID token, nonce or userinfo subject did not match; the token request failed or timed out.",
  },
  OAuthCreateAccount: {
    status: 500,
    surface: "signin",
    title: "Account could not be created",
    message: "Try signing in with a different account.",
    cause: "Storing the new user or account for an OAuth sign-in failed.",
  },
  EmailCreateAccount: {
    status: 500,
    surface: "signin",
    title: "Account could not be created",
    message: "Try signing in with a different account.",
    cause: "Storing the new user for an email sign-in failed.",
  },
  Callback: {
    status: 400,
    surface: "signin",
    title: "Sign-in failed",
    message: "Try signing in with a different account.",
    cause:
      "The provider reported an error (for example the person cancelled) or the callback failed otherwise.",
  },
  OAuthAccountNotLinked: {
    status: 409,
    surface: "signin",
    title: "Account not linked",
    message: "To confirm your identity, sign in with the same account you used originally.",
    cause: "The provider account belongs to another user, or its email matches a user who has not linked it.",
  },
  EmailSignin: {
    status: 400,
    surface: "signin",
    title: "Email could not be sent",
    message: "The email could not be sent.",
    cause: "The address was missing or refused, or the sign-in email could not be sent or stored.",
  },
  CredentialsSignin: {
    status: 401,
    surface: "signin",
    title: "Sign-in failed",
    message: "Sign in failed. Check the details you provided are correct.",
    cause: "The credentials provider's authorize() returned null.",
  },
  SessionRequired: {
    status: 401,
    surface: "signin",
    title: "Sign-in required",
    message: "Please sign in to access this page.",
    cause: "A page that needs a session was opened while signed out.",
  },
  TwoFactorExpired: {
    status: 401,
    surface: "signin",
    title: "Sign-in expired",
    message: "Your sign-in took too long or was already finished. Please sign in again.",
    cause:
      "The two-factor page or its POST without a pending sign-in cookie that opens: missing, expired (5 minutes), tampered, or already used.",
  },
  MissingCSRF: {
    status: 403,
    surface: "signin",
    title: "Form expired",
    message: "The form expired or came from another site. Please try again.",
    cause:
      "A POST that needs CSRF protection had no valid CSRF cookie, a csrfToken that did not match it, or an Origin header of another site.",
  },
  // --- password accounts: shown inline on the sign-in, sign-up and reset pages ---
  EmailInvalid: {
    status: 400,
    surface: "signin",
    title: "Email address needed",
    message: "Enter a valid email address.",
    cause: "Sign-up or a reset request was posted without a usable email address.",
  },
  PasswordTooShort: {
    status: 400,
    surface: "signin",
    title: "Password too short",
    message: "Use a password of at least 8 characters.",
    cause: "A new password had fewer than 8 characters (Unicode code points after NFKC normalisation).",
  },
  PasswordTooLong: {
    status: 400,
    surface: "signin",
    title: "Password too long",
    message: "Use a password of at most 256 characters.",
    cause: "A new password had more than 256 characters (after NFKC normalisation).",
  },
  PasswordBreached: {
    status: 400,
    surface: "signin",
    title: "Password too common",
    message: "This password appears in lists of breached passwords. Choose another one.",
    cause:
      "A new password is in the offline list of common breached passwords, or (when enabled) Have I Been Pwned knows it.",
  },
  EmailNotVerified: {
    status: 403,
    surface: "signin",
    title: "Email not verified",
    message: "Confirm your email address first: we sent you a new link.",
    cause:
      "A password sign-in with the right password, for an account whose address is not verified while requireEmailVerification is on; a new verification mail is sent (rate limited).",
  },
  AccountDisabled: {
    status: 403,
    surface: "signin",
    title: "Account disabled",
    message: "This account is disabled. Contact the site's administrator.",
    cause:
      "A sign-in (any method, after its credential passed) or a second step for a user an administrator disabled (`gatehouse users disable`, `disableUser`); their sessions ended when they were disabled.",
  },
  AccountChanged: {
    status: 409,
    surface: "signin",
    title: "Your account changed",
    message:
      "Your account's security settings changed while this was in progress, so nothing was done. Sign in again, then try once more.",
    cause:
      "A security change to the account (the owner of its address claiming an unverified account, a password reset, sign-out everywhere, a credential change elsewhere) committed while a sign-in checked its credential or a signed-in request wrote one: the session it made was ended again, or the credential it wrote removed again.",
  },
  PasskeyInvalid: {
    status: 401,
    surface: "signin",
    title: "Passkey not accepted",
    message: "That passkey could not sign you in. Try again, or use another way to sign in.",
    cause:
      "A passkey sign-in whose challenge was missing, expired, replayed or from another browser; an unknown credential; a wrong origin, RP ID, signature or user handle; no user verification; or a signature counter that did not grow (logged as PasskeyCounterRegressed: a cloned authenticator).",
  },
  // --- shown on the error page (docs/protocol.md §7) ---
  Configuration: {
    status: 500,
    surface: "error",
    title: "Server error",
    message: "There is a problem with the server configuration. Check the server logs for more information.",
    cause:
      "Gatehouse is misconfigured, or an unexpected internal failure occurred (details are only logged). Misconfiguration found at startup, or a call that cannot work, throws a ConfigError instead: a TypeError with this code whose message says what to fix.",
  },
  AccessDenied: {
    status: 403,
    surface: "error",
    title: "Access denied",
    message: "You do not have permission to sign in.",
    cause: "The signIn callback refused the sign-in.",
  },
  Verification: {
    status: 403,
    surface: "error",
    title: "Unable to sign in",
    message: "The sign in link is no longer valid. It may have been used already or it may have expired.",
    cause: "An email sign-in token was unknown, expired, already used or for another address.",
  },
  OAuthCallbackReplayed: {
    status: 403,
    surface: "error",
    title: "Sign-in already used",
    message: "This sign-in was already completed. If you are not signed in, please sign in again.",
    cause:
      "A second callback of one OAuth/OIDC sign-in flow (a replayed or duplicated provider return, with the flow's check cookies): each flow completes once, on every instance that shares the rate-limit store, whatever the provider does with its code.",
  },
  PasswordResetInvalid: {
    status: 403,
    surface: "error",
    title: "Link expired",
    message:
      "This password reset link is no longer valid. It may have been used already or it may have expired. Ask for a new one.",
    cause: "A reset token was unknown, expired, already used or for another address.",
  },
  StorageUnavailable: {
    status: 503,
    surface: "error",
    title: "Temporarily unavailable",
    message: "Sign-in is temporarily unavailable. Please try again in a moment.",
    cause:
      "The storage adapter failed (database down, locked or timing out). Nothing was half-written: sign-in stops before a session is issued.",
  },
  Default: {
    status: 400,
    surface: "error",
    title: "Error",
    message: "Something went wrong while signing in.",
    cause: "Any code the error page does not know.",
  },
  // --- request errors, answered as JSON (docs/protocol.md §1) ---
  UnknownAction: {
    status: 404,
    surface: "request",
    title: "Not found",
    message: "This auth endpoint does not exist.",
    cause: "The path below the base path names no action, or has extra segments.",
  },
  MethodNotAllowed: {
    status: 405,
    surface: "request",
    title: "Method not allowed",
    message: "This auth endpoint does not accept that method.",
    cause: "A known action was called with a method it does not take (see the Allow header).",
  },
  InvalidContentType: {
    status: 400,
    surface: "request",
    title: "Bad request",
    message: "POST bodies must be application/x-www-form-urlencoded or application/json.",
    cause: "A POST carried another content type, or none.",
  },
  InvalidBody: {
    status: 400,
    surface: "request",
    title: "Bad request",
    message: "The request body could not be read.",
    cause:
      "The body was not valid form data or JSON, was not an object, had a field that is not a string, or nested JSON deeper than 32 levels (checked before parsing).",
  },
  BodyTooLarge: {
    status: 400,
    surface: "request",
    title: "Bad request",
    message: "The request body is too large.",
    cause: "The body was over 64 KiB, or had more than 1,000 fields (checked before parsing).",
  },
  RateLimited: {
    status: 429,
    surface: "request",
    title: "Too many attempts",
    message: "Too many attempts. Wait a moment, then try again.",
    cause:
      "A rate limit or an account lockout refused the request (client IP, by /64 for IPv6, or the identifier); the answer carries Retry-After in seconds.",
  },
  CurrentPasswordIncorrect: {
    status: 403,
    surface: "request",
    title: "Wrong password",
    message: "The current password is not correct.",
    cause: "change-password was posted with a current password that does not match.",
  },
  PasswordNotSet: {
    status: 409,
    surface: "request",
    title: "No password yet",
    message: "This account has no password yet: set one instead.",
    cause: "change-password for a user who has no password (use set-password).",
  },
  TwoFactorAlreadyOn: {
    status: 409,
    surface: "request",
    title: "Two-factor already on",
    message: "Two-factor authentication is already on: turn it off first.",
    cause: "two-factor-enroll for a user whose enrolment is already enabled.",
  },
  TwoFactorNotOn: {
    status: 409,
    surface: "request",
    title: "Two-factor not on",
    message: "Two-factor authentication is not on for this account.",
    cause:
      "two-factor-confirm without a started enrolment, or two-factor-disable / two-factor-backup-codes for a user without an enabled one.",
  },
  TwoFactorCodeInvalid: {
    status: 400,
    surface: "request",
    title: "Wrong code",
    message: "That code is not right. Check your authenticator app and try again.",
    cause:
      "A TOTP code that did not match (or whose time step was already used), or a backup code that is unknown or spent, on the two-factor page or a two-factor-* endpoint.",
  },
  BackupCodeUsed: {
    status: 400,
    surface: "request",
    title: "Code already used",
    message:
      "That backup code was already used: each code works once. Use another backup code or your authenticator app.",
    cause:
      "A backup code of the user's that was already used, on the two-factor page (the JSON two-factor-* endpoints answer TwoFactorCodeInvalid for it).",
  },
  PasskeyRegistrationFailed: {
    status: 400,
    surface: "request",
    title: "Passkey not saved",
    message: "The passkey could not be saved. Please try again.",
    cause:
      "A passkey registration or passkey sign-up whose challenge was missing, expired, replayed or from another browser or user, or whose response did not verify (origin, RP ID, user verification, algorithm, an attestation with certificates); the reason is logged.",
  },
  ReauthenticationRequired: {
    status: 403,
    surface: "request",
    title: "Confirm it's you",
    message: "For this change, confirm it's you: enter your password or a code from your authenticator app.",
    cause:
      "A sensitive action (email change, setting a password, two-factor enrolment, adding or removing a passkey, deleting the account) without a sign-in or reauthentication within account.recentSignInMaxAge.",
  },
  LastSignInMethod: {
    status: 409,
    surface: "request",
    title: "Last way to sign in",
    message: "This is the last way you can sign in to your account: add another before removing it.",
    cause:
      "account-unlink of the user's only way to sign in (no password, no passkey, no other linked provider).",
  },
  SessionNotFound: {
    status: 404,
    surface: "request",
    title: "No such session",
    message: "That session has ended already, or is not one of yours.",
    cause: "session-revoke with an id that is not one of the signed-in user's live sessions.",
  },
  SessionsUnavailable: {
    status: 404,
    surface: "request",
    title: "Sessions not listed",
    message: "This site does not keep a list of your sessions.",
    cause:
      "GET sessions or a session-revoke endpoint without an adapter that stores session records (an Auth.js adapter, or none).",
  },
  AdminRequired: {
    status: 403,
    surface: "request",
    title: "Administrators only",
    message: "Only an administrator can do this.",
    cause:
      "An admin endpoint (admin-*) called by a signed-in user who is not an administrator (no `admin` role, email not in admin.bootstrapEmails or not verified). Nothing about the target is read first.",
  },
  UserNotFound: {
    status: 404,
    surface: "request",
    title: "No such user",
    message: "There is no user with that id.",
    cause: "An admin endpoint given the id of a user that does not exist (or no longer does).",
  },
  AdminSelfAction: {
    status: 409,
    surface: "request",
    title: "Not on your own account",
    message:
      "You cannot do this to your own account here: use your account settings, or ask another administrator.",
    cause:
      "An administrator disabling, deleting, or changing the role of their own account through the admin API (so no one locks the last administrator out by mistake).",
  },
  RoleUnknown: {
    status: 400,
    surface: "request",
    title: "Unknown role",
    message: "That role is not one this site assigns.",
    cause: "admin-user-role with a role that admin.roles does not list.",
  },
  PasswordResetUnavailable: {
    status: 409,
    surface: "request",
    title: "No reset link possible",
    message: "A password reset link cannot be sent for this account.",
    cause:
      "admin-password-reset when the app has no Password provider (its reset page is where the link leads, its sendMail sends it) or the user has no usable email address.",
  },
  MailNotSent: {
    status: 502,
    surface: "request",
    title: "Email not sent",
    message: "The email could not be sent. Please try again in a moment.",
    cause:
      "admin-password-reset: the app's sendMail failed (logged as AccountMailFailed). The link it carried was shown to no one.",
  },
  PasskeyNotFound: {
    status: 404,
    surface: "request",
    title: "No such passkey",
    message: "That passkey is not one of yours.",
    cause: "passkey-rename or passkey-delete with an id that is not one of the signed-in user's passkeys.",
  },
  PasswordAlreadySet: {
    status: 409,
    surface: "request",
    title: "Password already set",
    message: "This account already has a password: change it instead.",
    cause:
      "set-password for a user who already has a password (use change-password, which asks for the current one).",
  },
  UnknownProvider: {
    status: 404,
    surface: "request",
    title: "Not found",
    message: "No sign-in provider has this id.",
    cause:
      "signin/<id> or callback/<id> named a provider that is not configured, or one of the wrong type. getAccessToken and unlinkAccount throw such an id as a ConfigError with this code.",
  },
  AccountNotLinked: {
    status: 404,
    surface: "request",
    title: "Not found",
    message: "No account at this provider is linked to the user.",
    cause: "getAccessToken (or the web app's access-token API) named a provider the user has no account at.",
  },
  ProviderSignInRequired: {
    status: 401,
    surface: "request",
    title: "Sign-in required",
    message: "Sign in with this provider again.",
    cause:
      "The provider refused the stored refresh token (invalid_grant: expired, revoked or already used; the stored tokens were cleared), or the access token expired and there is no refresh token.",
  },
  ProviderUnavailable: {
    status: 502,
    surface: "request",
    title: "Provider unavailable",
    message: "The provider could not be reached. Try again in a moment.",
    cause:
      "Refreshing a provider access token timed out, failed on the network, or got a 5xx or unusable answer; the stored tokens were kept. A token revocation (sign-out, unlink) that fails this way is only logged.",
  },
  DeviceFlowUnsupported: {
    status: 400,
    surface: "request",
    title: "Bad request",
    message: "This provider does not support signing in from a device.",
    cause:
      "device/<id> or device-token/<id> named a provider that is not OAuth/OIDC, or whose metadata has no usable device_authorization_endpoint.",
  },
  // --- the device-token endpoint's poll answers (RFC 8628 §3.5, RFC 6749 §5.2) ---
  DeviceCodeMissing: {
    status: 400,
    surface: "request",
    title: "Bad request",
    message: "The device code is missing.",
    cause: "device-token/<id> was posted without a device_code.",
    oauth: { error: "invalid_request", description: "device_code is required" },
  },
  DeviceCodeInvalid: {
    status: 400,
    surface: "request",
    title: "Bad request",
    message: "This sign-in code is not valid. Start again.",
    cause:
      "The device_code did not open (unknown or tampered), was issued for another provider, or the provider no longer knows it (already redeemed or revoked).",
    oauth: {
      error: "invalid_grant",
      description: "device_code is unknown, tampered, already used or for another provider",
    },
  },
  AuthorizationPending: {
    status: 400,
    surface: "request",
    title: "Waiting for sign-in",
    message: "Sign-in has not been finished yet.",
    cause: "The device polled before the person finished signing in at the provider; it keeps polling.",
    oauth: { error: "authorization_pending", description: "the person has not finished signing in yet" },
  },
  SlowDown: {
    status: 400,
    surface: "request",
    title: "Too many requests",
    message: "The device is checking too often. It will wait longer between checks.",
    cause:
      "The device polled again before its interval had passed (checked here, without asking the provider), or the provider answered slow_down. The answer also carries `interval`: the seconds to wait between polls from now on.",
    oauth: { error: "slow_down", description: "polling too fast: wait `interval` seconds between polls" },
  },
  DeviceCodeExpired: {
    status: 400,
    surface: "request",
    title: "Code expired",
    message: "The sign-in code has expired. Start again.",
    cause: "The device code's lifetime (expires_in) had passed, here or at the provider.",
    oauth: { error: "expired_token", description: "device_code has expired: start again" },
  },
  DeviceAccessDenied: {
    status: 400,
    surface: "request",
    title: "Access denied",
    message: "The sign-in was refused.",
    cause:
      "The person refused at the provider, the signIn callback refused the device sign-in (a URL counts as a refusal: a device has nowhere to go), or no session could be issued.",
    oauth: { error: "access_denied", description: "the sign-in was refused" },
  },
  // --- the backchannel-logout endpoint's answers (OpenID Back-Channel Logout 1.0 §2.8) ---
  LogoutTokenInvalid: {
    status: 400,
    surface: "request",
    title: "Bad request",
    message: "The logout request was refused.",
    cause:
      "backchannel-logout/<id>: back-channel logout is not enabled for the provider, or the logout_token was missing, did not verify, or was replayed (the reason is logged, never sent).",
    oauth: { error: "invalid_request", description: null },
  },
  BackchannelLogoutUnsupported: {
    status: 501,
    surface: "request",
    title: "Not supported",
    message: "Back-channel logout needs sessions stored on the server.",
    cause:
      "backchannel-logout/<id> under the jwt session strategy (or without an adapter): there is no server-side session to end.",
    oauth: { error: "unsupported", description: "sessions are not stored on the server" },
  },
  BackchannelLogoutUnavailable: {
    status: 503,
    surface: "request",
    title: "Temporarily unavailable",
    message: "Logout is temporarily unavailable. Please try again in a moment.",
    cause: "The token verified but ending the sessions failed in storage; the provider may retry.",
    oauth: { error: "temporarily_unavailable", description: null },
  },
  // --- storage adapter codes (with StorageUnavailable above): logged, never sent as themselves ---
  EmailTaken: {
    status: 409,
    surface: "request",
    title: "Email already in use",
    message: "Another account already uses this email address.",
    cause:
      "The storage's unique index refused a second user with this email. During an OAuth sign-up (a concurrent one, or a user the lookup missed) core answers OAuthAccountNotLinked.",
    storage: true,
  },
  Conflict: {
    status: 409,
    surface: "request",
    title: "Conflict",
    message: "The record conflicts with one that already exists.",
    cause: "Another duplicate key (account, session token, verification token) or a missing referenced user.",
    storage: true,
  },
  NotFound: {
    status: 404,
    surface: "request",
    title: "Not found",
    message: "The record to update does not exist.",
    cause: "An update named a row that is not stored (for example a user deleted meanwhile).",
    storage: true,
  },
  SchemaMismatch: {
    status: 500,
    surface: "request",
    title: "Server error",
    message: "The database schema does not match this version of Gatehouse.",
    cause:
      "The database schema is missing, unknown, older or newer than this Gatehouse expects; the error's message says which migration to run.",
    storage: true,
  },
  StorageFailed: {
    status: 500,
    surface: "request",
    title: "Server error",
    message: "The database could not complete the operation.",
    cause: "Any other database failure (the driver's code is kept for the log, never a value).",
    storage: true,
  },
} as const satisfies Record<string, ErrorEntry>;

/** Core's codes: the catalogue above. */
export type ErrorCode = keyof typeof errorCatalogue;

/**
 * The codes modules add (docs/modules.md), one property each, by interface augmentation — so the
 * codes an `AuthError` takes stay one closed union at compile time:
 *
 * @example
 * declare module "@gatehouse/core" {
 *   interface ModuleErrorCodes { ApiKeyRevoked: true }
 * }
 */
// biome-ignore lint/suspicious/noEmptyInterface: modules augment it
export interface ModuleErrorCodes {}

/** A code a module adds (see `ModuleErrorCodes`). */
export type ModuleErrorCode = Extract<keyof ModuleErrorCodes, string>;

/** Whether a code is one of core's (and not a module's): core's catalogue has its entry. */
export function isCoreErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}

/** The codes an OAuth-style endpoint answers with (see `OAuthAnswer`). */
export type OAuthErrorCode = {
  [C in ErrorCode]: (typeof errorCatalogue)[C] extends { readonly oauth: OAuthAnswer } ? C : never;
}[ErrorCode];

/**
 * The codes a storage adapter's error carries as its `code` (the SQL adapter's `StorageError`):
 * `StorageUnavailable` — worth a retry — and the codes marked `storage`.
 */
export type StorageErrorCode =
  | "StorageUnavailable"
  | {
      [C in ErrorCode]: (typeof errorCatalogue)[C] extends { readonly storage: true } ? C : never;
    }[ErrorCode];

/** The codes the sign-in page shows inline; `error?error=<one of these>` redirects there. */
export const signInPageCodes: readonly ErrorCode[] = (Object.keys(errorCatalogue) as ErrorCode[]).filter(
  (code) => errorCatalogue[code].surface === "signin",
);

/** Narrows untrusted input (a query parameter) to a known code, or null. Exact, case-sensitive match. */
export function toErrorCode(value: unknown): ErrorCode | null {
  return typeof value === "string" && Object.hasOwn(errorCatalogue, value) ? (value as ErrorCode) : null;
}
