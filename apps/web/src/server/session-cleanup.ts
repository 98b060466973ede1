import { deleteOldAuditEntries } from "@gatehouse/core";
import type { SqlAdapter } from "@gatehouse/sql";

const HOUR = 60 * 60 * 1000;

export interface SessionCleanupOptions {
  adapter: Pick<SqlAdapter, "deleteExpiredSessions" | "deleteAuditBefore">;
  /** Audit entries older than this many days go (the `audit.retentionDays` option); default 90. */
  auditRetentionDays?: number;
  log: (line: string) => void;
  /** Default one hour. */
  intervalMs?: number;
  now?: () => Date;
}

/**
 * Deletes expired sessions, sign-in tokens and audit entries past their retention now, then every hour. Expired rows are already
 * refused when read; this only keeps the tables from growing. A failed run is logged, never thrown:
 * the next one tries again, and the app keeps serving.
 *
 * @example const cleanup = await startSessionCleanup({ adapter, log }); … cleanup.stop();
 */
export async function startSessionCleanup(
  options: SessionCleanupOptions,
): Promise<{ stop(): Promise<void> }> {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | undefined;
  const runOnce = async () => {
    try {
      const deleted = await options.adapter.deleteExpiredSessions(now());
      if (deleted > 0) options.log(`removed ${deleted} expired session${deleted === 1 ? "" : "s"}`);
      const old = await deleteOldAuditEntries(options.adapter, {
        ...(options.auditRetentionDays === undefined ? {} : { retentionDays: options.auditRetentionDays }),
        now: now(),
      });
      if (old > 0) options.log(`removed ${old} audit entr${old === 1 ? "y" : "ies"} past retention`);
    } catch (error) {
      // StorageError messages hold no values from the rows, so they are safe to log.
      options.log(
        `removing expired sessions failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  const run = () => {
    // A slow database must not pile up overlapping deletes.
    running ??= runOnce().finally(() => {
      running = undefined;
    });
    return running;
  };
  await run();
  const timer = setInterval(run, options.intervalMs ?? HOUR);
  // The clean-up alone must not keep the process alive.
  timer.unref();
  return {
    /** Stops the timer and waits for a run in progress, so the adapter can be closed after it. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
