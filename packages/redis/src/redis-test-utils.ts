import { test } from "node:test";
import { Redis } from "ioredis";

/** Where the tests find Redis; override with GATEHOUSE_TEST_REDIS_URL. */
export const REDIS_TEST_URL = process.env.GATEHOUSE_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export type RedisProbe = { ok: true; value: Redis } | { ok: false; reason: string };

/** A connected client to the test Redis, or why there is none. Quit it when done. */
export async function connectTestRedis(): Promise<RedisProbe> {
  const redis = new Redis(REDIS_TEST_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.ping();
    return { ok: true, value: redis };
  } catch (error) {
    redis.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `Redis not reachable at ${REDIS_TEST_URL}: ${reason}` };
  }
}

/**
 * Registers the test that stands in for a Redis suite when the server is unreachable: a skip on a
 * laptop, a failure in CI (where the service is part of the job and must not be silently lost).
 */
export function redisUnavailable(name: string, reason: string): void {
  test(name, (t) => {
    if (process.env.CI) throw new Error(`${reason} (CI is set: Redis tests must run)`);
    t.skip(reason);
  });
}

/** A prefix unique to this run, so parallel runs and other data never meet. */
export function testPrefix(): string {
  return `gatehouse:test:${crypto.randomUUID()}:`;
}

/** Deletes every key under `prefix`. */
export async function deletePrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== "0");
}
