import { ConfigError } from "../errors/config-error.ts";

/** How long audit entries are kept when the app says nothing: 90 days. */
export const AUDIT_RETENTION_DAYS = 90;

/** The audit log's settings after the check at start-up. */
export interface AuditSettings {
  /** Entries older than this many days go at the app's periodic clean-up (`deleteOldAuditEntries`). */
  retentionDays: number;
}

/**
 * The `audit` option, checked at start-up: `false` (no audit log is written), or settings whose
 * `retentionDays` is a whole number of days, at least 1. Anything else throws a `ConfigError`.
 */
export function checkAuditOptions(audit: unknown): AuditSettings | false {
  if (audit === false) return false;
  if (audit === undefined || audit === true) return { retentionDays: AUDIT_RETENTION_DAYS };
  if (typeof audit !== "object" || audit === null) {
    throw new ConfigError("Gatehouse: audit must be false or { retentionDays?: number }.");
  }
  const { retentionDays = AUDIT_RETENTION_DAYS } = audit as { retentionDays?: unknown };
  return { retentionDays: checkRetentionDays(retentionDays, "Gatehouse: audit.retentionDays") };
}

/** A retention in days: a whole number ≥ 1, else a `ConfigError` that names `what`. */
export function checkRetentionDays(days: unknown, what: string): number {
  if (typeof days !== "number" || !Number.isSafeInteger(days) || days < 1) {
    throw new ConfigError(
      `${what} must be a whole number of days, at least 1 (default ${AUDIT_RETENTION_DAYS}).`,
    );
  }
  return days;
}
