import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError } from "../errors/config-error.ts";
import { createMemoryRateLimitStore } from "./memory-rate-limit-store.ts";

test("counts in a fixed window and starts a new one when it ends", async () => {
  const store = createMemoryRateLimitStore();
  assert.deepEqual(await store.hit("k", { windowMs: 1000, now: 0 }), { count: 1, resetAt: 1000 });
  assert.deepEqual(await store.hit("k", { windowMs: 1000, now: 999 }), { count: 2, resetAt: 1000 });
  assert.deepEqual(await store.hit("k", { windowMs: 1000, now: 1000 }), { count: 1, resetAt: 2000 });
  assert.deepEqual(await store.hit("other", { windowMs: 1000, now: 1000 }), { count: 1, resetAt: 2000 });
});

test("extend moves the end of the window on every hit", async () => {
  const store = createMemoryRateLimitStore();
  await store.hit("k", { windowMs: 1000, now: 0, extend: true });
  assert.deepEqual(await store.hit("k", { windowMs: 1000, now: 900, extend: true }), {
    count: 2,
    resetAt: 1900,
  });
  assert.deepEqual(await store.hit("k", { windowMs: 1000, now: 1800, extend: true }), {
    count: 3,
    resetAt: 2800,
  });
});

test("peek reads without counting; delete forgets", async () => {
  const store = createMemoryRateLimitStore();
  assert.equal(await store.peek("k", 0), null);
  await store.hit("k", { windowMs: 1000, now: 0 });
  assert.deepEqual(await store.peek("k", 500), { count: 1, resetAt: 1000 });
  assert.deepEqual(await store.peek("k", 500), { count: 1, resetAt: 1000 });
  assert.equal(await store.peek("k", 1000), null, "an ended window reads as unknown");
  await store.delete("k");
  assert.equal(await store.peek("k", 500), null);
});

test("concurrent hits are all counted", async () => {
  const store = createMemoryRateLimitStore();
  const counts = await Promise.all(
    Array.from({ length: 50 }, () => store.hit("k", { windowMs: 1000, now: 0 })),
  );
  assert.deepEqual(
    counts.map((c) => c.count).sort((a, b) => a - b),
    Array.from({ length: 50 }, (_, i) => i + 1),
  );
});

test("stays within maxEntries: expired entries go first, then the oldest", async () => {
  const store = createMemoryRateLimitStore({ maxEntries: 3 });
  await store.hit("short", { windowMs: 100, now: 0 });
  await store.hit("a", { windowMs: 10_000, now: 0 });
  await store.hit("b", { windowMs: 10_000, now: 0 });
  await store.hit("c", { windowMs: 10_000, now: 200 });
  assert.equal(store.size, 3);
  assert.equal(
    (await store.peek("a", 200)) !== null,
    true,
    "the expired entry was evicted, not the oldest live one",
  );
  await store.hit("d", { windowMs: 10_000, now: 300 });
  assert.equal(store.size, 3);
  assert.equal(await store.peek("a", 300), null, "then the oldest goes");
  assert.notEqual(await store.peek("d", 300), null);
  for (let i = 0; i < 1000; i += 1) await store.hit(`flood-${i}`, { windowMs: 10_000, now: 400 });
  assert.equal(store.size, 3);
});

test("instances do not share state, and misuse throws", async () => {
  const one = createMemoryRateLimitStore();
  const two = createMemoryRateLimitStore();
  await one.hit("k", { windowMs: 1000, now: 0 });
  assert.equal(await two.peek("k", 0), null);
  assert.throws(() => createMemoryRateLimitStore({ maxEntries: 0 }), ConfigError);
  assert.throws(() => createMemoryRateLimitStore({ maxEntries: 1.5 }), ConfigError);
});
