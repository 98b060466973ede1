import { after } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
// The shared `RateLimitStore` contract, the one the adapter conformance suite runs on every adapter's
// `rateLimits`; imported by path, as the memory store is, so this package needs no dev dependency.
import { runRateLimitStoreContract } from "../../adapter-conformance/src/rate-limit-store-contract.ts";
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
runRateLimitStoreContract("memory store", () => {
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
  runRateLimitStoreContract(
    "redis store",
    () => {
      // A prefix per case: each case starts from an empty store, as with a fresh memory store.
      const prefix = testPrefix();
      prefixes.push(prefix);
      return {
        store: createRedisRateLimitStore(redis, { prefix }),
        now: () => Date.now(),
        advance: (ms) => sleep(ms),
        slack: 30,
      };
    },
    { ownClock: true },
  );
}
