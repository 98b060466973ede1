import assert from "node:assert/strict";
import { test } from "node:test";
import { PollLimiter } from "./poll-limiter.ts";

const T = 1_000_000;

test("admits the first poll, refuses one before the interval (+5 s each time), admits one after", () => {
  const limiter = new PollLimiter();
  const flow = { interval: 5, expiresAt: T + 600_000 };
  assert.deepEqual(limiter.admit("a", { ...flow, now: T }), { admitted: true });
  assert.deepEqual(limiter.admit("a", { ...flow, now: T + 4_000 }), { admitted: false, interval: 10 });
  assert.deepEqual(limiter.admit("a", { ...flow, now: T + 9_000 }), { admitted: false, interval: 15 });
  assert.deepEqual(
    limiter.admit("a", { ...flow, now: T + 9_000 + 14_600 }),
    { admitted: true },
    "0.5 s slack",
  );
  assert.deepEqual(limiter.admit("b", { ...flow, now: T }), { admitted: true }, "handles are independent");
});

test("a provider slow_down adds 5 s, or takes the provider's longer interval", () => {
  const limiter = new PollLimiter();
  const flow = { interval: 5, expiresAt: T + 600_000 };
  limiter.admit("a", { ...flow, now: T });
  assert.equal(limiter.slowDown("a", { ...flow, now: T }), 10);
  assert.equal(limiter.slowDown("a", { ...flow, providerInterval: 60, now: T }), 60);
  assert.deepEqual(limiter.admit("a", { ...flow, now: T + 59_000 }).admitted, false);
  // Evicted meanwhile: starts again from the handle's interval.
  assert.equal(limiter.slowDown("gone", { ...flow, now: T }), 10);
});

test("bounded: expired flows are dropped first, then the oldest", () => {
  const limiter = new PollLimiter(3);
  limiter.admit("old", { interval: 5, expiresAt: T + 600_000, now: T });
  limiter.admit("expired", { interval: 5, expiresAt: T + 1_000, now: T });
  limiter.admit("live", { interval: 5, expiresAt: T + 600_000, now: T });
  limiter.admit("new1", { interval: 5, expiresAt: T + 600_000, now: T + 2_000 });
  assert.equal(limiter.size, 3);
  // "expired" went; "old" is still paced.
  assert.equal(limiter.admit("old", { interval: 5, expiresAt: T + 600_000, now: T + 2_000 }).admitted, false);
  limiter.admit("new2", { interval: 5, expiresAt: T + 600_000, now: T + 3_000 });
  assert.equal(limiter.size, 3);
  assert.equal(
    limiter.admit("old", { interval: 5, expiresAt: T + 600_000, now: T + 3_000 }).admitted,
    true,
    "the oldest was evicted, so it is admitted afresh",
  );
  limiter.forget("new2");
  assert.equal(limiter.size, 2);
});
