/**
 * Every kind of audit entry Gatehouse writes. The console shows them; `queryAudit` filters by them.
 * Admin actions (issue 16) add theirs here.
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
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number];
