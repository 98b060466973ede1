/**
 * Where rate-limit counters live. One atomic operation, `hit`, does the counting, so a SQL or Redis
 * store can implement it without a race (two requests that read 4 and both write 5):
 *
 * - SQL, one statement (PostgreSQL; SQLite alike):
 *   ```sql
 *   INSERT INTO rate_limit (key, count, reset_at) VALUES ($key, 1, $now + $window)
 *   ON CONFLICT (key) DO UPDATE SET
 *     count    = CASE WHEN rate_limit.reset_at <= $now THEN 1 ELSE rate_limit.count + 1 END,
 *     reset_at = CASE WHEN rate_limit.reset_at <= $now OR $extend THEN $now + $window
 *                     ELSE rate_limit.reset_at END
 *   RETURNING count, reset_at;
 *   ```
 * - Redis, in one Lua script over a hash `{count, resetAt}` with the same rules as the SQL above;
 *   `PEXPIRE` only collects the key some time after `resetAt` (`@gatehouse/redis`).
 *
 * Fixed windows, not sliding ones: one counter and one expiry per key is exactly what one UPSERT or
 * a Lua script can do atomically, and what expires by itself in Redis. A sliding log needs a
 * row (or sorted-set member) per request, and the sliding-counter approximation two counters per
 * key. The price is a burst of up to twice the limit across a window boundary, which is acceptable
 * for abuse protection: the limits are set an order of magnitude above honest use.
 */
export interface RateLimitStore {
  /**
   * Counts one hit on `key` and answers the count in the current window and when it ends. A key
   * whose window has ended (or that is unknown) starts a new window at `now` with count 1. With
   * `extend`, every hit moves the end of the window to `now + windowMs`: the counter then lives
   * until `windowMs` after its last hit (the lockout counts failures this way).
   */
  hit(key: string, options: HitOptions): Promise<RateLimitCounter>;
  /** Reads a counter without counting: `null` when the key is unknown or its window has ended. */
  peek(key: string, now: number): Promise<RateLimitCounter | null>;
  /** Forgets a counter (a successful sign-in clears its failures). */
  delete(key: string): Promise<void>;
}

/** How one hit is counted. Times are milliseconds since the epoch, from the caller's clock. */
export interface HitOptions {
  readonly windowMs: number;
  readonly now: number;
  /** Move the end of the window to `now + windowMs` on every hit (default: a fixed window). */
  readonly extend?: boolean;
}

/** A counter as a store answers it. */
export interface RateLimitCounter {
  /** Hits in the current window, this one included. */
  readonly count: number;
  /** When the window ends, ms since the epoch. */
  readonly resetAt: number;
}
