import { createHash } from "node:crypto";
import { ConfigError, type HitOptions, type RateLimitCounter, type RateLimitStore } from "@gatehouse/core";
import type { Cluster, Redis } from "ioredis";

/** Options of the Redis store. */
export interface RedisRateLimitStoreOptions {
  /** Put before every key, to share a Redis with other data (default `"gatehouse:rl:"`). */
  readonly prefix?: string;
}

/**
 * One hit, atomically and in one round trip: `INCR`, then an expiry when the counter has none
 * (a fixed window: the same as `PEXPIRE … NX`, which needs Redis 7) or on every hit (`extend`),
 * then the time left. A key that expired is gone, so `INCR` starts the next window at 1.
 */
const HIT = `
local count = redis.call("INCR", KEYS[1])
local ttl = redis.call("PTTL", KEYS[1])
if ARGV[2] == "1" or ttl < 0 then
  redis.call("PEXPIRE", KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

/** A consistent read of the counter and its time left; `PTTL` is -2 for a missing key. */
const PEEK = `
return { redis.call("GET", KEYS[1]), redis.call("PTTL", KEYS[1]) }
`;

/**
 * A `RateLimitStore` on Redis, shared by every instance of the app, through an `ioredis` client
 * you create and close. Redis's clock decides when a window ends (the key expires); the caller's
 * `now` only turns the time left into `resetAt`, so app servers with skewed clocks still count in
 * the same windows.
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
      if (!Number.isFinite(windowMs) || windowMs <= 0) {
        throw new TypeError(`windowMs must be a positive number, got ${String(windowMs)}.`);
      }
      // PEXPIRE takes whole milliseconds.
      const reply = await run(hitScript, keyOf(key), [String(Math.ceil(windowMs)), extend ? "1" : "0"]);
      const [count, ttl] = pair(reply);
      return { count: Number(count), resetAt: now + Number(ttl) };
    },
    async peek(key: string, now: number): Promise<RateLimitCounter | null> {
      const [count, ttl] = pair(await run(peekScript, keyOf(key), []));
      // Missing (-2), or without an expiry (-1: not written by this store): no window to report.
      if (count === null || count === undefined || Number(ttl) < 0) return null;
      return { count: Number(count), resetAt: now + Number(ttl) };
    },
    async delete(key: string): Promise<void> {
      await redis.del(keyOf(key));
    },
  };
}

function script(body: string): { body: string; sha: string } {
  return { body, sha: createHash("sha1").update(body).digest("hex") };
}

function pair(reply: unknown): [unknown, unknown] {
  if (!Array.isArray(reply) || reply.length !== 2) {
    throw new Error("Unexpected reply from the Redis rate-limit script.");
  }
  return [reply[0], reply[1]];
}
