import { createHash } from "node:crypto";
import { ConfigError, type RateLimitCounter, type RateLimitStore } from "@gatehouse/core";
import type { SqlDatabase } from "../database.ts";
import { guard } from "./driver-errors.ts";

/**
 * Rate-limit counters in `gh_rate_limits` (migration 003): the default store of core's rate limits
 * and lockout over this adapter, shared by every app instance on the database.
 *
 * Times are the caller's clock, as `RateLimitStore` says; the database's own clock is never read,
 * so the store answers the same on both dialects and in tests with a fake clock. Keys are stored as
 * their SHA-256: they hold email and IP addresses, which then never sit in the table (or a backup)
 * in clear, and any key fits the primary key index (PostgreSQL refuses btree entries over ~2.7 kB).
 */
export function sqlRateLimitStore(db: SqlDatabase): RateLimitStore {
  const { kysely } = db;
  return {
    // One statement, so concurrent hits cannot read the same count: PostgreSQL's ON CONFLICT takes
    // the row lock and re-reads the row another transaction just wrote, SQLite has one writer. Both
    // evaluate every SET expression against the row as it was, so `count` and `reset_at` see the
    // same old window.
    hit: (key, { windowMs, now, extend = false }) =>
      guard("rateLimits.hit", async () => {
        checkTime(now, "now");
        if (!Number.isFinite(windowMs) || windowMs <= 0) {
          throw new ConfigError(
            `Gatehouse storage: windowMs must be a positive number, got ${String(windowMs)}`,
          );
        }
        const ended = endedBy(now);
        // Whole milliseconds for the bigint column; rounding up never ends a window early.
        const resetAt = Math.ceil(now + windowMs);
        const row = await kysely
          .insertInto("gh_rate_limits")
          .values({ key_hash: keyHash(key), count: 1, reset_at: resetAt })
          .onConflict((oc) =>
            oc.column("key_hash").doUpdateSet((eb) => {
              const over = eb("gh_rate_limits.reset_at", "<=", ended);
              return {
                count: eb
                  .case()
                  .when(over)
                  .then(1)
                  .else(eb("gh_rate_limits.count", "+", 1))
                  .end(),
                // excluded.reset_at is `now + windowMs`: a new window, or (extend) the moved end.
                reset_at: extend
                  ? eb.ref("excluded.reset_at")
                  : eb
                      .case()
                      .when(over)
                      .then(eb.ref("excluded.reset_at"))
                      .else(eb.ref("gh_rate_limits.reset_at"))
                      .end(),
              };
            }),
          )
          .returning(["count", "reset_at"])
          .executeTakeFirstOrThrow();
        return toCounter(row);
      }),

    peek: (key, now) =>
      guard("rateLimits.peek", async () => {
        checkTime(now, "now");
        const row = await kysely
          .selectFrom("gh_rate_limits")
          .select(["count", "reset_at"])
          .where("key_hash", "=", keyHash(key))
          .where("reset_at", ">", endedBy(now))
          .executeTakeFirst();
        return row === undefined ? null : toCounter(row);
      }),

    delete: (key) =>
      guard("rateLimits.delete", async () => {
        await kysely.deleteFrom("gh_rate_limits").where("key_hash", "=", keyHash(key)).execute();
      }),
  };
}

/**
 * Deletes the counters whose window ended by `now` (ms since the epoch); resolves to how many went.
 * Run with `deleteExpiredSessions`: a counter that ended reads as unknown anyway, so this only
 * keeps the table to the keys seen in the current windows.
 */
export async function deleteEndedRateLimits(db: SqlDatabase, now: number): Promise<number> {
  checkTime(now, "now");
  const result = await db.kysely
    .deleteFrom("gh_rate_limits")
    .where("reset_at", "<=", endedBy(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

function keyHash(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/**
 * The largest whole millisecond not after `now`. `reset_at <= floor(now)` is exactly
 * `reset_at <= now` for the integer column, and keeps a fractional clock out of bigint parameters.
 */
function endedBy(now: number): number {
  return Math.floor(now);
}

function checkTime(value: number, field: string): void {
  if (!Number.isFinite(value)) {
    throw new ConfigError(`Gatehouse storage: ${field} must be a finite number of milliseconds`);
  }
}

// pg returns bigint columns as strings; both fit a double (counts and epoch milliseconds).
function toCounter(row: { count: number | string; reset_at: number | string }): RateLimitCounter {
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}
