import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError } from "../errors/config-error.ts";
import { isFailure } from "../errors/failure.ts";
import { createMemoryRateLimitStore } from "./memory-rate-limit-store.ts";
import { createRateLimiter, retryAfterSeconds } from "./rate-limiter.ts";

function setup() {
  const clock = { now: 1_000_000 };
  const store = createMemoryRateLimitStore();
  const limiter = createRateLimiter(
    { ip: { limit: 3, windowMs: 60_000 }, email: { limit: 2, windowMs: 600_000 } },
    store,
    () => clock.now,
  );
  return { clock, store, limiter };
}

test("admits up to the limit, then refuses with Retry-After in whole seconds", async () => {
  const { clock, limiter } = setup();
  for (let i = 0; i < 3; i += 1) assert.deepEqual(await limiter.check({ ip: "192.0.2.1" }), { ok: true });
  clock.now += 10_500;
  const refused = await limiter.check({ ip: "192.0.2.1" });
  assert.ok(isFailure(refused));
  assert.deepEqual(refused, { error: "RateLimited", retryAfterSeconds: 50, cause: "rule ip" });
  assert.deepEqual(await limiter.check({ ip: "192.0.2.2" }), { ok: true }, "another key has its own budget");
});

test("the window resets", async () => {
  const { clock, limiter } = setup();
  for (let i = 0; i < 4; i += 1) await limiter.check({ ip: "192.0.2.1" });
  clock.now += 59_999;
  assert.ok(isFailure(await limiter.check({ ip: "192.0.2.1" })));
  clock.now += 1;
  assert.deepEqual(await limiter.check({ ip: "192.0.2.1" }), { ok: true });
});

test("several keys: the strictest refuses, a refusal by IP does not spend the e-mail's budget", async () => {
  const { limiter } = setup();
  assert.deepEqual(await limiter.check({ ip: "192.0.2.1", email: "a@example.com" }), { ok: true });
  assert.deepEqual(await limiter.check({ ip: "192.0.2.2", email: "a@example.com" }), { ok: true });
  const refused = await limiter.check({ ip: "192.0.2.3", email: "a@example.com" });
  assert.ok("error" in refused && refused.cause === "rule email" && refused.retryAfterSeconds === 600);

  const other = setup();
  for (let i = 0; i < 3; i += 1) await other.limiter.check({ ip: "198.51.100.9" });
  for (let i = 0; i < 10; i += 1) {
    const r = await other.limiter.check({ ip: "198.51.100.9", email: "victim@example.com" });
    assert.ok("error" in r && r.cause === "rule ip");
  }
  assert.deepEqual(await other.limiter.check({ ip: "192.0.2.7", email: "victim@example.com" }), { ok: true });
});

test("a rule without a key is skipped; rules never share a counter", async () => {
  const { limiter } = setup();
  for (let i = 0; i < 3; i += 1)
    assert.deepEqual(await limiter.check({ ip: "x", email: null }), { ok: true });
  assert.deepEqual(await limiter.check({ email: "x" }), { ok: true }, "email 'x' is not ip 'x'");
});

test("Retry-After is rounded up and never 0", () => {
  assert.equal(retryAfterSeconds(1000, 0), 1);
  assert.equal(retryAfterSeconds(1001, 0), 2);
  assert.equal(retryAfterSeconds(5, 0), 1);
  assert.equal(retryAfterSeconds(0, 10), 1);
});

test("misuse throws ConfigError", async () => {
  const store = createMemoryRateLimitStore();
  assert.throws(() => createRateLimiter({}, store, Date.now), ConfigError);
  assert.throws(
    () => createRateLimiter({ ip: { limit: 0, windowMs: 60_000 } }, store, Date.now),
    ConfigError,
  );
  assert.throws(() => createRateLimiter({ ip: { limit: 1, windowMs: 10 } }, store, Date.now), ConfigError);
  const limiter = createRateLimiter({ ip: { limit: 1, windowMs: 60_000 } }, store, Date.now);
  // @ts-expect-error: no such rule
  await assert.rejects(limiter.check({ mail: "a" }), ConfigError);
});
