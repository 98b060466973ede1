import type { SqlAdapter } from "@gatehouse/sql";

const HOUR = 60 * 60 * 1000;

export interface SessionCleanupOptions {
  adapter: Pick<SqlAdapter, "deleteExpiredSessions">;
  log: (line: string) => void;
  /** Default one hour. */
  intervalMs?: number;
  now?: () => Date;
}

/**
 * Deletes expired sessions and sign-in tokens now, then every hour. Expired rows are already
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
