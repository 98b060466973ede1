/**
 * Every kind of audit entry Gatehouse writes. The console shows them; `queryAudit` filters by them.
 * An administrator's action on another user is an entry whose actor (the administrator) is not its
 * subject: `user-disabled`, `user-enabled`, `session-revoked`, `two-factor-disabled`,
 * `account-deleted` as for the user's own, plus the two kinds only administrators cause.
 * `unverified-account-claimed`: the owner of an address proved it for the first time and what the
 * unproven party had set on the account was removed (its detail says what). `email-change-cancelled`:
 * the old address's owner pressed "this wasn't me".
 */
export const AUDIT_KINDS = [
  "sign-in",
  "sign-in-failed",
  "sign-out",
  "sign-up",
  "email-verified",
  "password-changed",
  "password-reset",
  "password-set",
  "two-factor-enabled",
  "two-factor-disabled",
  "backup-codes-renewed",
  "passkey-added",
  "passkey-removed",
  "session-revoked",
  "account-linked",
  "account-unlinked",
  "email-change-requested",
  "email-changed",
  "email-change-cancelled",
  "account-deleted",
  "user-disabled",
  "user-enabled",
  "role-changed",
  "password-reset-link-sent",
  "unverified-account-claimed",
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number];
