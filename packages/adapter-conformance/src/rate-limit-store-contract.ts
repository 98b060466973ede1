import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { RateLimitCounter, RateLimitStore } from "@gatehouse/core";
import { tag } from "./fixtures.ts";

/**
 * What the `RateLimitStore` contract runs a store with. A store that follows the caller's clock
 * (memory, SQL) gets a fake clock and `slack: 0`. A store that expires keys on its own clock
 * (Redis) gets real time, `advance` sleeps, and `resetAt` is compared within `slack` ms for the
 * round trip.
 */
export interface RateLimitStoreHarness {
  readonly store: RateLimitStore;
  now(): number;
  advance(ms: number): Promise<void>;
  /** How far `resetAt` may be from the exact value; 0 for a store that follows the caller's clock. */
  readonly slack: number;
}

/** The window the cases count in; short, so a store on real time sleeps about a second in all. */
const W = 250;
/** Past the end of a window, with room for a store's own expiry to have happened. */
const PAST_END = W + 30;
const PARALLEL_HITS = 50;

/**
 * Registers the `RateLimitStore` contract as node:test cases in a `describe` block. `make` is
 * called once per case; every case uses keys of its own, so one store may serve them all.
 *
 * @example
 * runRateLimitStoreContract("memory store", () => ({ store: createMemoryRateLimitStore(), ...fakeClock() }))
 */
export function runRateLimitStoreContract(
  name: string,
  make: () => RateLimitStoreHarness,
  options: RateLimitStoreContractOptions = {},
): void {
  describe(name, () => rateLimitStoreCases((caseName, run) => test(caseName, run), make, options));
}

export interface RateLimitStoreContractOptions {
  /**
   * The store ends windows on its own clock (Redis's key expiry), not at the caller's `now`: the
   * case that holds a store to the exact millisecond of `resetAt` is left out.
   */
  ownClock?: boolean;
}

/** The contract's cases, each registered through `point` (the adapter suite's, or `test`). */
export function rateLimitStoreCases(
  point: (name: string, run: () => Promise<void>) => void,
  make: () => RateLimitStoreHarness,
  options: RateLimitStoreContractOptions = {},
): void {
  point("counts in a fixed window and starts a new one when it ends", async () => {
    const h = make();
    const [k, other] = [caseKey("k"), caseKey("other")];
    const t0 = h.now();
    near(await h.store.hit(k, { windowMs: W, now: t0 }), { count: 1, resetAt: t0 + W }, h.slack);
    await h.advance(W / 2);
    near(await h.store.hit(k, { windowMs: W, now: h.now() }), { count: 2, resetAt: t0 + W }, h.slack);
    await h.advance(PAST_END);
    const t1 = h.now();
    near(await h.store.hit(k, { windowMs: W, now: t1 }), { count: 1, resetAt: t1 + W }, h.slack);
    near(await h.store.hit(other, { windowMs: W, now: t1 }), { count: 1, resetAt: t1 + W }, h.slack);
  });

  point("extend moves the end of the window on every hit", async () => {
    const h = make();
    const k = caseKey("k");
    await h.store.hit(k, { windowMs: W, now: h.now(), extend: true });
    // 0.6 + 0.6 windows: without the extension the counter would have ended.
    await h.advance(W * 0.6);
    const t1 = h.now();
    near(
      await h.store.hit(k, { windowMs: W, now: t1, extend: true }),
      { count: 2, resetAt: t1 + W },
      h.slack,
    );
    await h.advance(W * 0.6);
    const t2 = h.now();
    near(
      await h.store.hit(k, { windowMs: W, now: t2, extend: true }),
      { count: 3, resetAt: t2 + W },
      h.slack,
    );
    await h.advance(PAST_END);
    const t3 = h.now();
    near(
      await h.store.hit(k, { windowMs: W, now: t3, extend: true }),
      { count: 1, resetAt: t3 + W },
      h.slack,
      "a window that ended starts again at 1, extend or not",
    );
  });

  point("peek reads without counting; delete forgets", async () => {
    const h = make();
    const [k, never] = [caseKey("k"), caseKey("never-hit")];
    assert.equal(await h.store.peek(k, h.now()), null);
    const t0 = h.now();
    await h.store.hit(k, { windowMs: W, now: t0 });
    near(await h.store.peek(k, h.now()), { count: 1, resetAt: t0 + W }, h.slack);
    near(await h.store.peek(k, h.now()), { count: 1, resetAt: t0 + W }, h.slack, "still 1");
    await h.advance(PAST_END);
    assert.equal(await h.store.peek(k, h.now()), null, "an ended window reads as unknown");
    await h.store.hit(k, { windowMs: W, now: h.now() });
    await h.store.delete(k);
    assert.equal(await h.store.peek(k, h.now()), null);
    near(await h.store.hit(k, { windowMs: W, now: h.now() }), { count: 1, resetAt: h.now() + W }, h.slack);
    await h.store.delete(never);
  });

  point(`${PARALLEL_HITS} concurrent hits are each counted once`, async () => {
    const h = make();
    const k = caseKey("k");
    const counts = await Promise.all(
      Array.from({ length: PARALLEL_HITS }, () => h.store.hit(k, { windowMs: 10_000, now: h.now() })),
    );
    assert.deepEqual(
      counts.map((c) => c.count).sort((a, b) => a - b),
      Array.from({ length: PARALLEL_HITS }, (_, i) => i + 1),
    );
  });

  point("keys of any length and content are separate counters", async () => {
    const h = make();
    const base = `signIn:${tag()}:${"x".repeat(10_000)}`;
    const all = [`${base}a`, `${base}b`, `${base}b `, `${base}ü`, `${base}u`];
    for (const [i, k] of all.entries()) {
      for (let n = 0; n <= i; n += 1) await h.store.hit(k, { windowMs: 10_000, now: h.now() });
    }
    const counts = await Promise.all(all.map((k) => h.store.peek(k, h.now())));
    assert.deepEqual(
      counts.map((c) => c?.count),
      all.map((_, i) => i + 1),
    );
  });

  if (options.ownClock) return;

  point("a window ends exactly at resetAt, on the caller's clock", async () => {
    const h = make();
    const [k, fixed] = [caseKey("k"), caseKey("fixed")];
    const t0 = h.now();
    await h.store.hit(k, { windowMs: W, now: t0 });
    assert.deepEqual(await h.store.hit(k, { windowMs: W, now: t0 + W - 1 }), { count: 2, resetAt: t0 + W });
    assert.deepEqual(await h.store.peek(k, t0 + W - 1), { count: 2, resetAt: t0 + W });
    assert.equal(await h.store.peek(k, t0 + W), null, "now === resetAt: the window has ended");
    assert.deepEqual(await h.store.hit(k, { windowMs: W, now: t0 + W }), { count: 1, resetAt: t0 + 2 * W });
    // A fixed window keeps its end whatever the hits' times; only extend moves it.
    await h.store.hit(fixed, { windowMs: W, now: t0 });
    assert.deepEqual(await h.store.hit(fixed, { windowMs: 10 * W, now: t0 + 1 }), {
      count: 2,
      resetAt: t0 + W,
    });
    assert.deepEqual(await h.store.hit(fixed, { windowMs: W, now: t0 + 2, extend: true }), {
      count: 3,
      resetAt: t0 + 2 + W,
    });
  });
}

/** A key of this case only: the store may be shared with other cases (an adapter's `rateLimits`). */
function caseKey(name: string): string {
  return `contract:${tag()}:${name}`;
}

function near(actual: RateLimitCounter | null, expected: RateLimitCounter, slack: number, message?: string) {
  assert.ok(actual !== null, message ?? "a counter");
  assert.equal(actual.count, expected.count, message);
  assert.ok(
    Math.abs(actual.resetAt - expected.resetAt) <= slack,
    `${message ?? "resetAt"}: ${actual.resetAt} is not within ${slack} ms of ${expected.resetAt}`,
  );
}
