/**
 * Every kind of audit entry Gatehouse writes. The console shows them; `queryAudit` filters by them.
 * An administrator's action on another user is an entry whose actor (the administrator) is not its
 * subject: `user-disabled`, `user-enabled`, `session-revoked`, `two-factor-disabled`,
 * `account-deleted` as for the user's own, plus the two kinds only administrators cause.
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
  "account-deleted",
  "user-disabled",
  "user-enabled",
  "role-changed",
  "password-reset-link-sent",
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number];
