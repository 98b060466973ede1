import { accountAction } from "./account.ts";
import { accountDeleteAction } from "./account-delete.ts";
import { accountSecuredAction } from "./account-secured.ts";
import { accountUnlinkAction } from "./account-unlink.ts";
import { accountUpdateAction } from "./account-update.ts";
import { activityAction } from "./activity.ts";
import { adminAuditAction } from "./admin-audit.ts";
import { adminOverviewAction } from "./admin-overview.ts";
import { adminPasswordResetAction } from "./admin-password-reset.ts";
import { adminSessionsRevokeAction } from "./admin-sessions-revoke.ts";
import { adminTwoFactorRemoveAction } from "./admin-two-factor-remove.ts";
import { adminUserAction } from "./admin-user.ts";
import { adminUserDeleteAction } from "./admin-user-delete.ts";
import { adminUserDisableAction } from "./admin-user-disable.ts";
import { adminUserEnableAction } from "./admin-user-enable.ts";
import { adminUserRoleAction } from "./admin-user-role.ts";
import { adminUsersAction } from "./admin-users.ts";
import { backchannelLogoutAction } from "./backchannel-logout.ts";
import { callbackAction } from "./callback.ts";
import { cancelEmailChangeAction, cancelEmailChangePageAction } from "./cancel-email-change.ts";
import { changeEmailAction } from "./change-email.ts";
import { changeEmailPageAction } from "./change-email-page.ts";
import { changePasswordAction } from "./change-password.ts";
import { csrfAction } from "./csrf.ts";
import { deviceSignOutAction } from "./device-signout.ts";
import { deviceStartAction } from "./device-start.ts";
import { deviceTokenAction } from "./device-token.ts";
import { emailChangeAction } from "./email-change.ts";
import { endpoint } from "./endpoint.ts";
import { errorAction } from "./error.ts";
import { forgotPasswordAction } from "./forgot-password.ts";
import { forgotPasswordPageAction } from "./forgot-password-page.ts";
import {
  refuseAsJson,
  refuseCallbackToSignIn,
  refuseToForm,
  refuseToSignIn,
  refuseToSignOut,
} from "./lib/csrf-refusals.ts";
import { passkeyDeleteAction } from "./passkey-delete.ts";
import { passkeyOptionsAction } from "./passkey-options.ts";
import { passkeyRegisterAction } from "./passkey-register.ts";
import { passkeyRegisterOptionsAction } from "./passkey-register-options.ts";
import { passkeyRenameAction } from "./passkey-rename.ts";
import { passkeySignInAction } from "./passkey-signin.ts";
import { passkeySignUpAction } from "./passkey-signup.ts";
import { passkeySignUpOptionsAction } from "./passkey-signup-options.ts";
import { passkeySignUpPageAction } from "./passkey-signup-page.ts";
import { passkeysAction } from "./passkeys.ts";
import { providersAction } from "./providers.ts";
import { reauthenticateAction } from "./reauthenticate.ts";
import { resendVerificationAction } from "./resend-verification.ts";
import { resetPasswordAction } from "./reset-password.ts";
import { resetPasswordPageAction } from "./reset-password-page.ts";
import { sessionAction } from "./session.ts";
import { sessionRevokeAction } from "./session-revoke.ts";
import { sessionUpdateAction } from "./session-update.ts";
import { sessionsAction } from "./sessions.ts";
import { sessionsRevokeOthersAction } from "./sessions-revoke-others.ts";
import { setPasswordAction } from "./set-password.ts";
import { signInPageAction } from "./signin-page.ts";
import { signInStartAction } from "./signin-start.ts";
import { signOutAction } from "./signout.ts";
import { signOutEverywhereAction } from "./signout-everywhere.ts";
import { signOutPageAction } from "./signout-page.ts";
import { signUpAction } from "./signup.ts";
import { signUpPageAction } from "./signup-page.ts";
import { refuseToTwoFactor, twoFactorAction } from "./two-factor.ts";
import { twoFactorBackupCodesAction } from "./two-factor-backup-codes.ts";
import { twoFactorConfirmAction } from "./two-factor-confirm.ts";
import { twoFactorDisableAction } from "./two-factor-disable.ts";
import { twoFactorEnrollAction } from "./two-factor-enroll.ts";
import { twoFactorPageAction } from "./two-factor-page.ts";
import { twoFactorSetupAction } from "./two-factor-setup.ts";
import { twoFactorSetupPageAction } from "./two-factor-setup-page.ts";
import { twoFactorStatusAction } from "./two-factor-status.ts";
import { verifyEmailAction } from "./verify-email.ts";
import { verifyEmailPageAction } from "./verify-email-page.ts";
import { verifyRequestAction } from "./verify-request.ts";
import { webAuthnOptionsAction } from "./webauthn-options.ts";

const json = { answer: "json", browser: true } as const;
const page = { answer: "page", browser: true } as const;
/** Called by devices and providers, never by a browser: no cookies in or out, no CSRF token. */
const machine = { answer: "json", browser: false, csrf: null } as const;

/**
 * The action table (docs/protocol.md §1): every endpoint below the base path is one row — method,
 * action, whether the path carries a provider id, JSON or page answers, browser or machine caller,
 * the CSRF rule, and the one file that handles it. Adding an endpoint is one row here plus one file.
 * Rows of one action list GET first: that is the order of their `Allow` header.
 */
// biome-ignore format: one row per line reads as a table
export const ENDPOINTS = [
  endpoint({ method: "GET", action: "providers", provider: "absent", ...json, csrf: null, handle: providersAction }),
  endpoint({ method: "GET", action: "session", provider: "absent", ...json, csrf: null, handle: sessionAction }),
  endpoint({ method: "POST", action: "session", provider: "absent", ...json, csrf: refuseAsJson, handle: sessionUpdateAction }),
  endpoint({ method: "GET", action: "csrf", provider: "absent", ...json, csrf: null, handle: csrfAction }),
  endpoint({ method: "GET", action: "signin", provider: "absent", ...page, csrf: null, handle: signInPageAction }),
  endpoint({ method: "POST", action: "signin", provider: "required", ...page, csrf: refuseToSignIn, handle: signInStartAction }),
  endpoint({ method: "GET", action: "signout", provider: "absent", ...page, csrf: null, handle: signOutPageAction }),
  endpoint({ method: "POST", action: "signout", provider: "absent", ...page, csrf: refuseToSignOut, handle: signOutAction }),
  endpoint({ method: "GET", action: "callback", provider: "required", ...page, csrf: null, handle: callbackAction }),
  endpoint({ method: "POST", action: "callback", provider: "required", ...page, csrf: refuseCallbackToSignIn, handle: callbackAction }),
  endpoint({ method: "GET", action: "verify-request", provider: "absent", ...page, csrf: null, handle: verifyRequestAction }),
  endpoint({ method: "GET", action: "error", provider: "absent", ...page, csrf: null, handle: errorAction }),
  // Password accounts (the Password provider; without one these answer 404).
  endpoint({ method: "GET", action: "signup", provider: "absent", ...page, csrf: null, handle: signUpPageAction }),
  endpoint({ method: "POST", action: "signup", provider: "absent", ...page, csrf: refuseToForm("signup"), handle: signUpAction }),
  endpoint({ method: "POST", action: "resend-verification", provider: "absent", ...page, csrf: refuseToForm("signup"), handle: resendVerificationAction }),
  endpoint({ method: "GET", action: "verify-email", provider: "absent", ...page, csrf: null, handle: verifyEmailPageAction }),
  endpoint({ method: "POST", action: "verify-email", provider: "absent", ...page, csrf: refuseToSignIn, handle: verifyEmailAction }),
  endpoint({ method: "GET", action: "forgot-password", provider: "absent", ...page, csrf: null, handle: forgotPasswordPageAction }),
  endpoint({ method: "POST", action: "forgot-password", provider: "absent", ...page, csrf: refuseToForm("forgot-password"), handle: forgotPasswordAction }),
  endpoint({ method: "GET", action: "reset-password", provider: "absent", ...page, csrf: null, handle: resetPasswordPageAction }),
  endpoint({ method: "POST", action: "reset-password", provider: "absent", ...page, csrf: refuseToForm("reset-password", ["token", "email", "user"]), handle: resetPasswordAction }),
  endpoint({ method: "POST", action: "change-password", provider: "absent", ...json, csrf: refuseAsJson, handle: changePasswordAction }),
  endpoint({ method: "POST", action: "set-password", provider: "absent", ...json, csrf: refuseAsJson, handle: setPasswordAction }),
  // Two-factor (TOTP and backup codes; without an adapter that keeps enrolments these answer 404).
  endpoint({ method: "GET", action: "two-factor", provider: "absent", ...page, csrf: null, handle: twoFactorPageAction }),
  endpoint({ method: "POST", action: "two-factor", provider: "absent", ...page, csrf: refuseToTwoFactor, handle: twoFactorAction }),
  endpoint({ method: "GET", action: "two-factor-setup", provider: "absent", ...page, csrf: null, handle: twoFactorSetupPageAction }),
  endpoint({ method: "POST", action: "two-factor-setup", provider: "absent", ...page, csrf: refuseToForm("two-factor-setup"), handle: twoFactorSetupAction }),
  endpoint({ method: "GET", action: "two-factor-status", provider: "absent", ...json, csrf: null, handle: twoFactorStatusAction }),
  endpoint({ method: "POST", action: "two-factor-enroll", provider: "absent", ...json, csrf: refuseAsJson, handle: twoFactorEnrollAction }),
  endpoint({ method: "POST", action: "two-factor-confirm", provider: "absent", ...json, csrf: refuseAsJson, handle: twoFactorConfirmAction }),
  endpoint({ method: "POST", action: "two-factor-disable", provider: "absent", ...json, csrf: refuseAsJson, handle: twoFactorDisableAction }),
  endpoint({ method: "POST", action: "two-factor-backup-codes", provider: "absent", ...json, csrf: refuseAsJson, handle: twoFactorBackupCodesAction }),
  // Sessions the user can see and end (the account console; without session records: 404 SessionsUnavailable).
  endpoint({ method: "GET", action: "sessions", provider: "absent", ...json, csrf: null, handle: sessionsAction }),
  endpoint({ method: "POST", action: "session-revoke", provider: "absent", ...json, csrf: refuseAsJson, handle: sessionRevokeAction }),
  endpoint({ method: "POST", action: "sessions-revoke-others", provider: "absent", ...json, csrf: refuseAsJson, handle: sessionsRevokeOthersAction }),
  endpoint({ method: "GET", action: "activity", provider: "absent", ...json, csrf: null, handle: activityAction }),
  endpoint({ method: "POST", action: "signout-everywhere", provider: "absent", ...json, csrf: refuseAsJson, handle: signOutEverywhereAction }),
  // The account console's own endpoints (with an adapter).
  endpoint({ method: "GET", action: "account", provider: "absent", ...json, csrf: null, handle: accountAction }),
  endpoint({ method: "POST", action: "account-update", provider: "absent", ...json, csrf: refuseAsJson, handle: accountUpdateAction }),
  endpoint({ method: "POST", action: "reauthenticate", provider: "absent", ...json, csrf: refuseAsJson, handle: reauthenticateAction }),
  endpoint({ method: "POST", action: "email-change", provider: "absent", ...json, csrf: refuseAsJson, handle: emailChangeAction }),
  endpoint({ method: "GET", action: "change-email", provider: "absent", ...page, csrf: null, handle: changeEmailPageAction }),
  endpoint({ method: "POST", action: "change-email", provider: "absent", ...page, csrf: refuseToSignIn, handle: changeEmailAction }),
  // "This wasn't me" from the old address's mail: stops an email change and secures the account.
  endpoint({ method: "GET", action: "cancel-email-change", provider: "absent", ...page, csrf: null, handle: cancelEmailChangePageAction }),
  endpoint({ method: "POST", action: "cancel-email-change", provider: "absent", ...page, csrf: refuseToSignIn, handle: cancelEmailChangeAction }),
  // Where a sign-in lands that claimed an account someone else had created with the address.
  endpoint({ method: "GET", action: "account-secured", provider: "absent", ...page, csrf: null, handle: accountSecuredAction }),
  endpoint({ method: "POST", action: "account-unlink", provider: "absent", ...json, csrf: refuseAsJson, handle: accountUnlinkAction }),
  endpoint({ method: "POST", action: "account-delete", provider: "absent", ...json, csrf: refuseAsJson, handle: accountDeleteAction }),
  // The admin API (docs/admin.md): administrators only (403 AdminRequired before anything else is read); without an adapter that lists users, 404.
  endpoint({ method: "GET", action: "admin-overview", provider: "absent", ...json, csrf: null, handle: adminOverviewAction }),
  endpoint({ method: "GET", action: "admin-users", provider: "absent", ...json, csrf: null, handle: adminUsersAction }),
  endpoint({ method: "GET", action: "admin-user", provider: "absent", ...json, csrf: null, handle: adminUserAction }),
  endpoint({ method: "GET", action: "admin-audit", provider: "absent", ...json, csrf: null, handle: adminAuditAction }),
  endpoint({ method: "POST", action: "admin-user-disable", provider: "absent", ...json, csrf: refuseAsJson, handle: adminUserDisableAction }),
  endpoint({ method: "POST", action: "admin-user-enable", provider: "absent", ...json, csrf: refuseAsJson, handle: adminUserEnableAction }),
  endpoint({ method: "POST", action: "admin-sessions-revoke", provider: "absent", ...json, csrf: refuseAsJson, handle: adminSessionsRevokeAction }),
  endpoint({ method: "POST", action: "admin-password-reset", provider: "absent", ...json, csrf: refuseAsJson, handle: adminPasswordResetAction }),
  endpoint({ method: "POST", action: "admin-two-factor-remove", provider: "absent", ...json, csrf: refuseAsJson, handle: adminTwoFactorRemoveAction }),
  endpoint({ method: "POST", action: "admin-user-delete", provider: "absent", ...json, csrf: refuseAsJson, handle: adminUserDeleteAction }),
  endpoint({ method: "POST", action: "admin-user-role", provider: "absent", ...json, csrf: refuseAsJson, handle: adminUserRoleAction }),
  // Passkeys (WebAuthn; without `passkeys` configured these answer 404). Credentials travel as JSON text in `response`.
  endpoint({ method: "POST", action: "passkey-options", provider: "absent", ...json, csrf: refuseAsJson, handle: passkeyOptionsAction }),
  endpoint({ method: "POST", action: "passkey-signin", provider: "absent", ...json, csrf: refuseAsJson, handle: passkeySignInAction }),
  endpoint({ method: "GET", action: "passkey-signup", provider: "absent", ...page, csrf: null, handle: passkeySignUpPageAction }),
  endpoint({ method: "POST", action: "passkey-signup-options", provider: "absent", ...json, csrf: refuseAsJson, handle: passkeySignUpOptionsAction }),
  endpoint({ method: "POST", action: "passkey-signup", provider: "absent", ...json, csrf: refuseAsJson, handle: passkeySignUpAction }),
  endpoint({ method: "GET", action: "passkeys", provider: "absent", ...json, csrf: null, handle: passkeysAction }),
  endpoint({ method: "POST", action: "passkey-register-options", provider: "absent", ...json, csrf: refuseAsJson, handle: passkeyRegisterOptionsAction }),
  endpoint({ method: "POST", action: "passkey-register", provider: "absent", ...json, csrf: refuseAsJson, handle: passkeyRegisterAction }),
  endpoint({ method: "POST", action: "passkey-rename", provider: "absent", ...json, csrf: refuseAsJson, handle: passkeyRenameAction }),
  endpoint({ method: "POST", action: "passkey-delete", provider: "absent", ...json, csrf: refuseAsJson, handle: passkeyDeleteAction }),
  // Auth.js v5's WebAuthn options (`next-auth/webauthn`); its ceremonies end at POST callback/passkey.
  endpoint({ method: "GET", action: "webauthn-options", provider: "required", ...json, csrf: null, handle: webAuthnOptionsAction }),
  // RFC 8628 device sign-in: the device starts, polls, and ends its bearer session.
  endpoint({ method: "POST", action: "device", provider: "required", ...machine, handle: deviceStartAction }),
  endpoint({ method: "POST", action: "device-token", provider: "required", ...machine, handle: deviceTokenAction }),
  endpoint({ method: "POST", action: "device-signout", provider: "absent", ...machine, handle: deviceSignOutAction }),
  // OpenID back-channel logout: the provider posts a signed logout token, server to server.
  endpoint({ method: "POST", action: "backchannel-logout", provider: "required", ...machine, handle: backchannelLogoutAction }),
];
