import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import { after, test } from "node:test";
import { ConfigError } from "@gatehouse/core";
import { Redis, type RedisOptions } from "ioredis";
// The shared contract, by path as in contract.test.ts, so this package needs no dev dependency.
import { runRateLimitStoreContract } from "../../adapter-conformance/src/rate-limit-store-contract.ts";
import { createRedisRateLimitStore } from "./redis-rate-limit-store.ts";
import {
  connectTestRedis,
  deletePrefix,
  REDIS_TEST_URL,
  redisUnavailable,
  testPrefix,
} from "./redis-test-utils.ts";

/** The options the README recommends: a Redis that is down makes a hit reject, never hang. */
const BOUNDED: RedisOptions = { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500 };

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  assert.ok(address !== null && typeof address === "object");
  return address.port;
}

/** Runs `hit` and answers how long it took to reject (it must reject). */
async function rejectsWithin(redis: Redis, ms: number): Promise<void> {
  const store = createRedisRateLimitStore(redis, { prefix: testPrefix() });
  const started = performance.now();
  await assert.rejects(store.hit("k", { windowMs: 1000, now: Date.now() }));
  await assert.rejects(store.peek("k", Date.now()));
  const took = performance.now() - started;
  assert.ok(took < ms, `rejected after ${Math.round(took)} ms, expected under ${ms} ms`);
}

test("an unreachable Redis (closed port) rejects quickly, without hanging", async () => {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  const redis = new Redis(port, "127.0.0.1", BOUNDED);
  redis.on("error", () => {});
  try {
    await rejectsWithin(redis, 2000);
  } finally {
    redis.disconnect();
  }
});

test("a Redis that accepts but never answers rejects after commandTimeout", async () => {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
  });
  const port = await listen(server);
  // No ready check (it would wait for INFO): the commands themselves are sent and time out.
  const redis = new Redis(port, "127.0.0.1", { ...BOUNDED, enableReadyCheck: false });
  redis.on("error", () => {});
  try {
    await new Promise((resolve) => redis.once("ready", resolve));
    await rejectsWithin(redis, 2500);
  } finally {
    redis.disconnect();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
});

test("a prefix that is not a string is a ConfigError", () => {
  const redis = new Redis({ lazyConnect: true });
  assert.throws(() => createRedisRateLimitStore(redis, { prefix: 1 as unknown as string }), ConfigError);
  redis.disconnect();
});

const probe = await connectTestRedis();
if (!probe.ok) {
  redisUnavailable("redis store on a real Redis", probe.reason);
} else {
  const redis = probe.value;
  const second = new Redis(REDIS_TEST_URL, BOUNDED);
  const prefix = testPrefix();
  after(async () => {
    await deletePrefix(redis, prefix);
    await Promise.all([redis.quit(), second.quit()]);
  });

  test("200 concurrent hits from two connections count exactly 200", async () => {
    const stores = [
      createRedisRateLimitStore(redis, { prefix }),
      createRedisRateLimitStore(second, { prefix }),
    ];
    const counts = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        stores[i % 2]!.hit("shared", { windowMs: 60_000, now: Date.now() }),
      ),
    );
    assert.deepEqual(
      counts.map((c) => c.count).sort((a, b) => a - b),
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    assert.equal((await stores[0]!.peek("shared", Date.now()))?.count, 200);
  });

  const hashOf = (key: string) => `${prefix}${createHash("sha256").update(key).digest("hex")}`;

  // The store follows the caller's clock, so the contract runs on a fake one: no sleeping, and the
  // case that holds `resetAt` to the exact millisecond is included.
  runRateLimitStoreContract("the RateLimitStore contract, on a fake clock", () => {
    let clock = 1_000_000;
    return {
      store: createRedisRateLimitStore(redis, { prefix }),
      now: () => clock,
      advance: async (ms) => {
        clock += ms;
      },
      slack: 0,
    };
  });

  test("keys are the prefix and the SHA-256 of the limiter's key: no e-mail address in Redis", async () => {
    const store = createRedisRateLimitStore(redis, { prefix });
    await store.hit("signin:email:alice@example.com", { windowMs: 60_000, now: Date.now() });
    assert.equal(await redis.hget(hashOf("signin:email:alice@example.com"), "count"), "1");
    const [, keys] = await redis.scan("0", "MATCH", `${prefix}*`, "COUNT", 1000);
    assert.ok(keys.length > 0 && keys.every((key) => !key.includes("alice")));
  });

  test("survives a flushed script cache (EVALSHA falls back to EVAL)", async () => {
    const store = createRedisRateLimitStore(redis, { prefix });
    await store.hit("script", { windowMs: 60_000, now: Date.now() });
    await redis.script("FLUSH");
    assert.equal((await store.hit("script", { windowMs: 60_000, now: Date.now() })).count, 2);
    await redis.script("FLUSH");
    assert.equal((await store.peek("script", Date.now()))?.count, 2);
  });

  // Issue 13: the store used to end windows by Redis's key expiry (PEXPIRE/PTTL) and ignore the
  // caller's `now`, unlike the memory and SQL stores and the RateLimitStore contract.
  test("the caller's clock ends windows, not Redis's: a window far from Redis's time counts as given", async () => {
    const store = createRedisRateLimitStore(redis, { prefix });
    const past = 86_400_000; // 1970-01-02: long before Redis's now
    assert.deepEqual(await store.hit("past", { windowMs: 60_000, now: past }), {
      count: 1,
      resetAt: past + 60_000,
    });
    assert.deepEqual(await store.hit("past", { windowMs: 60_000, now: past + 59_999 }), {
      count: 2,
      resetAt: past + 60_000,
    });
    assert.deepEqual(await store.peek("past", past + 59_999), { count: 2, resetAt: past + 60_000 });
    assert.equal(await store.peek("past", past + 60_000), null, "ended at resetAt on the caller's clock");
    assert.deepEqual(await store.hit("past", { windowMs: 60_000, now: past + 60_000 }), {
      count: 1,
      resetAt: past + 120_000,
    });
  });

  test("the expiry only collects garbage: a margin after resetAt, moved with the window", async () => {
    const store = createRedisRateLimitStore(redis, { prefix });
    const now = 5_000_000;
    await store.hit("gc", { windowMs: 10_000, now });
    const margin = 60_000;
    const ttl = await redis.pttl(hashOf("gc"));
    assert.ok(ttl > 10_000 + margin - 1000 && ttl <= 10_000 + margin, `pttl ${ttl}`);
    // A caller whose clock runs 30 s behind still finds the counter (and its window) there.
    assert.equal((await store.hit("gc", { windowMs: 10_000, now: now - 30_000 })).count, 2);
    // Extended at now + 9 s: the window now ends at now + 19 s, and the key lives until a margin after.
    await redis.pexpire(hashOf("gc"), 5000);
    const extended = await store.hit("gc", { windowMs: 10_000, now: now + 9_000, extend: true });
    assert.deepEqual(extended, { count: 3, resetAt: now + 19_000 });
    const moved = await redis.pttl(hashOf("gc"));
    assert.ok(moved > 10_000 + margin - 1000 && moved <= 10_000 + margin, `pttl ${moved}`);
  });

  test("whole milliseconds, rounded up; misuse is a TypeError", async () => {
    const store = createRedisRateLimitStore(redis, { prefix });
    assert.deepEqual(await store.hit("ms", { windowMs: 1000.2, now: 1000.5 }), { count: 1, resetAt: 2001 });
    assert.deepEqual(await store.peek("ms", 2000.9), { count: 1, resetAt: 2001 });
    await assert.rejects(store.hit("ms", { windowMs: 0, now: 1 }), TypeError);
    await assert.rejects(store.hit("ms", { windowMs: 1000, now: Number.NaN }), TypeError);
    await assert.rejects(store.peek("ms", Number.POSITIVE_INFINITY), TypeError);
  });

  test("a key of another type under the prefix (the first release's INCR counter) is replaced", async () => {
    const store = createRedisRateLimitStore(redis, { prefix });
    await redis.set(hashOf("stray"), "5", "PX", 60_000);
    assert.equal(await store.peek("stray", 1000), null, "not a counter of this store");
    assert.deepEqual(await store.hit("stray", { windowMs: 1000, now: 1000 }), { count: 1, resetAt: 2000 });
    assert.equal(await redis.type(hashOf("stray")), "hash");
  });
}
