import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import { after, test } from "node:test";
import { ConfigError } from "@gatehouse/core";
import { Redis, type RedisOptions } from "ioredis";
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

  test("keys are the prefix and the SHA-256 of the limiter's key: no e-mail address in Redis", async () => {
    const store = createRedisRateLimitStore(redis, { prefix });
    await store.hit("signin:email:alice@example.com", { windowMs: 60_000, now: Date.now() });
    const hash = createHash("sha256").update("signin:email:alice@example.com").digest("hex");
    assert.equal(await redis.get(`${prefix}${hash}`), "1");
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

  test("a fixed window keeps its expiry; a key without one is repaired", async () => {
    const store = createRedisRateLimitStore(redis, { prefix });
    const now = Date.now();
    const first = await store.hit("fixed", { windowMs: 60_000, now });
    const second = await store.hit("fixed", { windowMs: 120_000, now });
    assert.ok(second.resetAt <= first.resetAt, "a later hit does not move a fixed window");
    const hash = createHash("sha256").update("stray").digest("hex");
    await redis.set(`${prefix}${hash}`, "5");
    assert.equal(await store.peek("stray", now), null, "no expiry: not a window this store wrote");
    const repaired = await store.hit("stray", { windowMs: 1000, now });
    assert.equal(repaired.count, 6);
    assert.ok(repaired.resetAt > now && repaired.resetAt <= now + 1000);
  });
}
