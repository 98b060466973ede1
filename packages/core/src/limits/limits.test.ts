import assert from "node:assert/strict";
import { mock, test } from "node:test";
import { AuthError } from "../errors/auth-error.ts";
import { ConfigError } from "../errors/config-error.ts";
import { createLimits, STORE_PAUSE_MS, STORE_TIMEOUT_MS } from "./limits.ts";
import type { RateLimitStore } from "./rate-limit-store.ts";

const CLIENT = { headers: new Headers(), clientAddress: "192.0.2.7" };

/** A store that never answers (a Redis that accepts and hangs); counts the calls it was given. */
function hangingStore(): RateLimitStore & { calls: number } {
  const store = {
    calls: 0,
    hit: () => {
      store.calls++;
      return new Promise<never>(() => {});
    },
    peek: () => new Promise<never>(() => {}),
    delete: () => new Promise<never>(() => {}),
  };
  return store;
}

function limitsOn(store: RateLimitStore, onStoreError: "open" | "closed", clock: { now: number }) {
  const logged: string[] = [];
  const limits = createLimits(
    { store, onStoreError },
    {
      adapterStore: undefined,
      logger: { error: (code, detail) => logged.push(`${code} ${JSON.stringify(detail)}`), warn() {} },
      now: () => clock.now,
    },
  );
  assert.ok(limits);
  return { limits, logged };
}

// Issue 22 (operations): a store that never answered held the request for ever.
test("a store that never answers fails after storeTimeout, then is not called for a pause", async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const clock = { now: 1_000_000 };
    const store = hangingStore();
    const { limits, logged } = limitsOn(store, "open", clock);
    const checked = limits.check("credentials", CLIENT);
    await Promise.resolve();
    mock.timers.tick(STORE_TIMEOUT_MS);
    assert.deepEqual(await checked, { ok: true }, "fails open");
    assert.match(logged[0] ?? "", /^RateLimitStoreFailed .*TimeoutError: no answer within 2000 ms/);

    // Paused: the next checks answer at once, without calling the store.
    assert.deepEqual(await limits.check("credentials", CLIENT), { ok: true });
    assert.equal(store.calls, 1);
    clock.now += STORE_PAUSE_MS;
    const again = limits.check("credentials", CLIENT);
    await Promise.resolve();
    mock.timers.tick(STORE_TIMEOUT_MS);
    await again;
    assert.equal(store.calls, 2, "tried again after the pause");
  } finally {
    mock.timers.reset();
  }
});

test('with onStoreError "closed", a store that never answers is StorageUnavailable', async () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { limits } = limitsOn(hangingStore(), "closed", { now: 0 });
    const checked = limits.check("credentials", CLIENT);
    const refused = assert.rejects(checked, (error: unknown) => {
      assert.ok(error instanceof AuthError);
      assert.equal(error.code, "StorageUnavailable");
      return true;
    });
    await Promise.resolve();
    mock.timers.tick(STORE_TIMEOUT_MS);
    await refused;
  } finally {
    mock.timers.reset();
  }
});

test("storeTimeout must be a positive number of milliseconds", () => {
  const context = { adapterStore: undefined, logger: { error() {}, warn() {} }, now: () => 0 };
  for (const storeTimeout of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
    assert.throws(() => createLimits({ storeTimeout }, context), ConfigError);
  }
  assert.ok(createLimits({ storeTimeout: 250 }, context));
});
