import assert from "node:assert/strict";
import { test } from "node:test";
import { ReplayCache } from "./replay-cache.ts";

test("a key is accepted once within its lifetime, and again after it", () => {
  const cache = new ReplayCache({ ttlMs: 1000, maxEntries: 10 });
  assert.equal(cache.firstUse("a", 0), true);
  assert.equal(cache.firstUse("a", 999), false);
  assert.equal(cache.firstUse("b", 999), true);
  assert.equal(cache.firstUse("a", 1000), true, "expired entries are forgotten");
});

test("the cache never holds more than maxEntries: the oldest go first", () => {
  const cache = new ReplayCache({ ttlMs: 60_000, maxEntries: 3 });
  for (const key of ["a", "b", "c", "d"]) assert.equal(cache.firstUse(key, 0), true);
  assert.equal(cache.size, 3);
  assert.equal(cache.firstUse("d", 1), false, "a recent key is still refused");
  assert.equal(cache.firstUse("a", 1), true, "the oldest key was evicted to make room");
});
