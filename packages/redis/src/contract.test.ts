import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { RateLimitCounter, RateLimitStore } from "@gatehouse/core";
import { createMemoryRateLimitStore } from "../../core/src/limits/memory-rate-limit-store.ts";
import { createRedisRateLimitStore } from "./redis-rate-limit-store.ts";
import { connectTestRedis, deletePrefix, redisUnavailable, testPrefix } from "./redis-test-utils.ts";

/**
 * The `RateLimitStore` contract, run against the memory store and the Redis store.
 *
 * The memory store follows the caller's clock, so its harness is a fake clock. Redis expires keys
 * on its own clock and ignores ours for that, so its harness is real time: the Redis cases sleep
 * for a window to end (short windows, about a second in all), and `resetAt` is compared within
 * `slack` ms for the round trip.
 */
interface Harness {
  readonly store: RateLimitStore;
  now(): number;
  advance(ms: number): Promise<void>;
  /** How far `resetAt` may be from the exact value. */
  readonly slack: number;
}

const W = 250;
/** Past the end of a window, with room for Redis's expiry to have happened. */
const PAST_END = W + 30;

function near(actual: RateLimitCounter | null, expected: RateLimitCounter, slack: number, message?: string) {
  assert.ok(actual !== null, message ?? "a counter");
  assert.equal(actual.count, expected.count, message);
  assert.ok(
    Math.abs(actual.resetAt - expected.resetAt) <= slack,
    `${message ?? "resetAt"}: ${actual.resetAt} is not within ${slack} ms of ${expected.resetAt}`,
  );
}

function rateLimitStoreContract(name: string, make: () => Harness): void {
  describe(name, () => {
    test("counts in a fixed window and starts a new one when it ends", async () => {
      const h = make();
      const t0 = h.now();
      near(await h.store.hit("k", { windowMs: W, now: t0 }), { count: 1, resetAt: t0 + W }, h.slack);
      await h.advance(W / 2);
      near(await h.store.hit("k", { windowMs: W, now: h.now() }), { count: 2, resetAt: t0 + W }, h.slack);
      await h.advance(PAST_END);
      const t1 = h.now();
      near(await h.store.hit("k", { windowMs: W, now: t1 }), { count: 1, resetAt: t1 + W }, h.slack);
      near(await h.store.hit("other", { windowMs: W, now: t1 }), { count: 1, resetAt: t1 + W }, h.slack);
    });

    test("extend moves the end of the window on every hit", async () => {
      const h = make();
      await h.store.hit("k", { windowMs: W, now: h.now(), extend: true });
      // 0.6 + 0.6 windows: without the extension the counter would have ended.
      await h.advance(W * 0.6);
      const t1 = h.now();
      near(
        await h.store.hit("k", { windowMs: W, now: t1, extend: true }),
        { count: 2, resetAt: t1 + W },
        h.slack,
      );
      await h.advance(W * 0.6);
      const t2 = h.now();
      near(
        await h.store.hit("k", { windowMs: W, now: t2, extend: true }),
        { count: 3, resetAt: t2 + W },
        h.slack,
      );
    });

    test("peek reads without counting; delete forgets", async () => {
      const h = make();
      assert.equal(await h.store.peek("k", h.now()), null);
      const t0 = h.now();
      await h.store.hit("k", { windowMs: W, now: t0 });
      near(await h.store.peek("k", h.now()), { count: 1, resetAt: t0 + W }, h.slack);
      near(await h.store.peek("k", h.now()), { count: 1, resetAt: t0 + W }, h.slack, "still 1");
      await h.advance(PAST_END);
      assert.equal(await h.store.peek("k", h.now()), null, "an ended window reads as unknown");
      await h.store.hit("k", { windowMs: W, now: h.now() });
      await h.store.delete("k");
      assert.equal(await h.store.peek("k", h.now()), null);
      await h.store.delete("never-hit");
    });

    test("concurrent hits are all counted", async () => {
      const h = make();
      const counts = await Promise.all(
        Array.from({ length: 50 }, () => h.store.hit("k", { windowMs: 10_000, now: h.now() })),
      );
      assert.deepEqual(
        counts.map((c) => c.count).sort((a, b) => a - b),
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
    });
  });
}

rateLimitStoreContract("memory store", () => {
  let clock = 1_000_000;
  return {
    store: createMemoryRateLimitStore(),
    now: () => clock,
    advance: async (ms) => {
      clock += ms;
    },
    slack: 0,
  };
});

const probe = await connectTestRedis();
if (!probe.ok) {
  redisUnavailable("redis store", probe.reason);
} else {
  const redis = probe.value;
  const prefixes: string[] = [];
  after(async () => {
    for (const prefix of prefixes) await deletePrefix(redis, prefix);
    await redis.quit();
  });
  rateLimitStoreContract("redis store", () => {
    // A prefix per case: each case starts from an empty store, as with a fresh memory store.
    const prefix = testPrefix();
    prefixes.push(prefix);
    return {
      store: createRedisRateLimitStore(redis, { prefix }),
      now: () => Date.now(),
      advance: (ms) => sleep(ms),
      slack: 30,
    };
  });
}
