import type { Adapter } from "../adapter/adapter.ts";
import { AUDIT_RETENTION_DAYS, checkRetentionDays } from "./audit-options.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes audit entries older than `retentionDays` (default 90) before `now`: for the app's
 * periodic clean-up, with the retention it gave the `audit` option. Resolves to how many went; 0
 * when the storage keeps no audit log. A retention that is not a whole number ≥ 1 throws a
 * `ConfigError`; a storage failure rejects (the clean-up logs it and tries again later).
 *
 * @example const deleted = await deleteOldAuditEntries(adapter, { retentionDays: 90 });
 */
export async function deleteOldAuditEntries(
  adapter: Pick<Adapter, "deleteAuditBefore">,
  options: { retentionDays?: number; now?: Date } = {},
): Promise<number> {
  const days = checkRetentionDays(
    options.retentionDays ?? AUDIT_RETENTION_DAYS,
    "deleteOldAuditEntries: retentionDays",
  );
  if (typeof adapter.deleteAuditBefore !== "function") return 0;
  const now = options.now ?? new Date();
  return adapter.deleteAuditBefore(new Date(now.getTime() - days * DAY_MS));
}
