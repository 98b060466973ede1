import { createHash } from "node:crypto";
import { ConfigError, type HitOptions, type RateLimitCounter, type RateLimitStore } from "@gatehouse/core";
import type { Cluster, Redis } from "ioredis";

/** Options of the Redis store. */
export interface RedisRateLimitStoreOptions {
  /** Put before every key, to share a Redis with other data (default `"gatehouse:rl:"`). */
  readonly prefix?: string;
}

/**
 * How long a counter stays in Redis after its window ends. The expiry is garbage collection only:
 * the window ends at the stored `resetAt`, on the caller's clock. The margin covers app servers
 * whose clocks run behind the one that wrote the counter, so none of them finds it gone while its
 * own clock still counts the window; a minute is far more skew than NTP allows.
 */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * One hit, atomically and in one round trip, on a hash `{ count, resetAt }`. KEYS[1] the counter;
 * ARGV: `now`, `now + windowMs` (a new window's end), `"1"` to extend, the expiry margin. A window
 * whose `resetAt` is at or before `now` starts again at 1 (as in the memory and SQL stores); with
 * extend every hit moves the end. `resetAt` is stored as the caller sent it and answered as a
 * string, so it comes back to the exact millisecond (a Lua number reply would be truncated).
 * A key of another type (a counter of this store's first release, an `INCR`ed string) is replaced.
 */
const HIT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local count = 1
local reset = ARGV[2]
if redis.call("TYPE", key).ok == "hash" then
  local stored = redis.call("HMGET", key, "count", "resetAt")
  local storedCount = tonumber(stored[1])
  local storedReset = tonumber(stored[2])
  if storedCount ~= nil and storedReset ~= nil and storedReset > now then
    count = storedCount + 1
    if ARGV[3] ~= "1" then reset = stored[2] end
  end
else
  redis.call("DEL", key)
end
redis.call("HSET", key, "count", count, "resetAt", reset)
redis.call("PEXPIRE", key, math.ceil(tonumber(reset) - now) + tonumber(ARGV[4]))
return { count, reset }
`;

/** A read of the counter: `{ count, resetAt }`, or nothing for a missing key (or one of another type). */
const PEEK = `
if redis.call("TYPE", KEYS[1]).ok ~= "hash" then return false end
return redis.call("HMGET", KEYS[1], "count", "resetAt")
`;

/**
 * A `RateLimitStore` on Redis, shared by every instance of the app, through an `ioredis` client
 * you create and close. As the `RateLimitStore` contract says, times are the caller's: each counter
 * holds its count and the `resetAt` the caller's `now` gave it, and a window ends when a caller's
 * `now` reaches that `resetAt` — exactly as in the memory and SQL stores, and testable with a fake
 * clock. Redis's own clock only expires counters some time after their window ended, to free memory.
 *
 * Keys are `prefix` + the SHA-256 of the limiter's key: those keys hold e-mail addresses and IP
 * addresses, which then never reach Redis (its dumps, `MONITOR`, replicas) in clear.
 *
 * It never retries or waits by itself: a Redis that is down makes `hit` reject as soon as the
 * client gives up, and the limiter's caller decides to fail open or closed. Bound the wait with the
 * client's options (`enableOfflineQueue: false`, `maxRetriesPerRequest`, `commandTimeout`).
 *
 * @example
 * const redis = new Redis(process.env.REDIS_URL!, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500 });
 * const store = createRedisRateLimitStore(redis, { prefix: "myapp:rl:" });
 */
export function createRedisRateLimitStore(
  redis: Redis | Cluster,
  options: RedisRateLimitStoreOptions = {},
): RateLimitStore {
  const prefix = options.prefix ?? "gatehouse:rl:";
  if (typeof prefix !== "string") {
    throw new ConfigError(`prefix must be a string, got ${typeof prefix}.`);
  }
  const keyOf = (key: string): string => prefix + createHash("sha256").update(key).digest("hex");
  const hitScript = script(HIT);
  const peekScript = script(PEEK);

  // EVALSHA first (the script body is not resent on every hit); on NOSCRIPT (a restarted or
  // flushed Redis, a failover to a replica that never saw it) EVAL, which also caches it again.
  async function run(s: { body: string; sha: string }, key: string, args: string[]): Promise<unknown> {
    try {
      return await redis.evalsha(s.sha, 1, key, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return await redis.eval(s.body, 1, key, ...args);
    }
  }

  return {
    async hit(key: string, { windowMs, now, extend = false }: HitOptions): Promise<RateLimitCounter> {
      checkTime(now);
      if (!Number.isFinite(windowMs) || windowMs <= 0) {
        throw new TypeError(`windowMs must be a positive number, got ${String(windowMs)}.`);
      }
      // Whole milliseconds, as the SQL store keeps them; rounding up never ends a window early.
      const resetAt = Math.ceil(now + windowMs);
      const args = [String(now), String(resetAt), extend ? "1" : "0", String(EXPIRY_MARGIN_MS)];
      const found = counter(await run(hitScript, keyOf(key), args));
      if (found === null) throw new Error("Unexpected reply from the Redis rate-limit script.");
      return found;
    },
    async peek(key: string, now: number): Promise<RateLimitCounter | null> {
      checkTime(now);
      const reply = await run(peekScript, keyOf(key), []);
      if (reply === null) return null; // missing, or not a counter of this store
      const found = counter(reply);
      // A window that ended reads as unknown, though Redis keeps the key a while longer.
      return found === null || found.resetAt <= now ? null : found;
    },
    async delete(key: string): Promise<void> {
      await redis.del(keyOf(key));
    },
  };
}

function script(body: string): { body: string; sha: string } {
  return { body, sha: createHash("sha1").update(body).digest("hex") };
}

/** `now` is the caller's clock, ms since the epoch: a number that is not one is misuse. */
function checkTime(now: number): void {
  if (!Number.isFinite(now)) throw new TypeError(`now must be a finite number of ms, got ${String(now)}.`);
}

/**
 * A script's `[count, resetAt]` reply as a counter, or null when it holds no counter (a hash some
 * other writer left without both fields).
 */
function counter(reply: unknown): RateLimitCounter | null {
  if (!Array.isArray(reply) || reply.length !== 2) {
    throw new Error("Unexpected reply from the Redis rate-limit script.");
  }
  const count = Number(reply[0] ?? Number.NaN);
  const resetAt = Number(reply[1] ?? Number.NaN);
  return Number.isSafeInteger(count) && Number.isFinite(resetAt) ? { count, resetAt } : null;
}
