import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError } from "../errors/config-error.ts";
import { createLockout } from "./lockout.ts";
import { createMemoryRateLimitStore } from "./memory-rate-limit-store.ts";

const MIN = 60_000;

function setup(options = {}) {
  const clock = { now: 1_000_000_000 };
  const lockout = createLockout(createMemoryRateLimitStore(), () => clock.now, options);
  return { clock, lockout };
}

const attacker = { account: "victim@example.com", client: "6.6.6.6" };
const owner = { account: "victim@example.com", client: "2001:db8:1:2::/64" };

test("after 5 failures the delays grow 1, 2, 4, 8, then stay at 15 minutes", async () => {
  const { clock, lockout } = setup();
  for (let i = 0; i < 4; i += 1) {
    assert.deepEqual(await lockout.check(attacker), { ok: true });
    await lockout.fail(attacker);
  }
  assert.deepEqual(await lockout.check(attacker), { ok: true });
  const delays: number[] = [];
  for (let i = 0; i < 6; i += 1) {
    await lockout.fail(attacker);
    const locked = await lockout.check(attacker);
    assert.ok("error" in locked, `locked after failure ${5 + i}`);
    delays.push(locked.retryAfterSeconds);
    // Hammering while locked does not lengthen the lock.
    clock.now += locked.retryAfterSeconds * 1000 - 1;
    assert.ok("error" in (await lockout.check(attacker)));
    clock.now += 1;
    assert.deepEqual(await lockout.check(attacker), { ok: true });
  }
  assert.deepEqual(
    delays,
    [60, 120, 240, 480, 900, 900],
    "a failure right after the longest lock locks again",
  );
});

test("failures are forgotten 30 minutes (window + longest delay) after the last one", async () => {
  const { clock, lockout } = setup();
  for (let i = 0; i < 4; i += 1) await lockout.fail(attacker);
  clock.now += 30 * MIN - 1;
  await lockout.fail(attacker);
  assert.ok("error" in (await lockout.check(attacker)), "still remembered just before");
  await lockout.succeed(attacker);
  for (let i = 0; i < 4; i += 1) await lockout.fail(attacker);
  clock.now += 30 * MIN;
  await lockout.fail(attacker);
  assert.deepEqual(await lockout.check(attacker), { ok: true }, "the count started again at 1");
});

test("an attacker's lock does not reach the owner on another network", async () => {
  const { lockout } = setup();
  for (let i = 0; i < 10; i += 1) await lockout.fail(attacker);
  assert.ok("error" in (await lockout.check(attacker)));
  assert.deepEqual(await lockout.check(owner), { ok: true });
  // The same /64 is the same network: one IPv6 subscriber cannot rotate addresses to escape.
  assert.ok("error" in (await lockout.check({ ...attacker, client: "6.6.6.6" })));
});

test("the global per-account threshold stops a distributed guess; a known device bypasses it", async () => {
  const { lockout } = setup({ globalThreshold: 20 });
  for (let i = 0; i < 20; i += 1)
    await lockout.fail({ account: "victim@example.com", client: `198.51.100.${i}` });
  const fresh = await lockout.check({ account: "victim@example.com", client: "203.0.113.1" });
  assert.ok("error" in fresh && fresh.retryAfterSeconds === 60);
  assert.ok("error" in (await lockout.check(owner)), "without a device token the owner waits too");
  const device = { ...owner, device: "device-1" };
  assert.deepEqual(await lockout.check(device), { ok: true });
  assert.deepEqual(await lockout.check({ account: "other@example.com", client: "203.0.113.1" }), {
    ok: true,
  });
});

test("a known device has its own bucket: a stolen token still gets only 5 guesses per delay", async () => {
  const { lockout } = setup();
  const stolen = { account: "victim@example.com", client: "6.6.6.6", device: "device-1" };
  for (let i = 0; i < 5; i += 1) await lockout.fail(stolen);
  assert.ok("error" in (await lockout.check(stolen)));
  assert.ok("error" in (await lockout.check({ ...stolen, client: "7.7.7.7" })), "changing IP does not help");
  assert.deepEqual(await lockout.check({ ...stolen, device: "device-2" }), { ok: true });
  assert.deepEqual(
    await lockout.check(owner),
    { ok: true },
    "device failures do not lock the network bucket",
  );
});

test("success (sign-in or reset) clears the counters", async () => {
  const { lockout } = setup({ globalThreshold: 6 });
  for (let i = 0; i < 6; i += 1) await lockout.fail({ ...owner, client: `198.51.100.${i % 2}` });
  assert.ok("error" in (await lockout.check(owner)), "the global bucket locked");
  await lockout.succeed({ ...owner, device: "device-1" });
  assert.deepEqual(
    await lockout.check(owner),
    { ok: true },
    "a device sign-in clears the account-wide counter",
  );
  for (let i = 0; i < 5; i += 1) await lockout.fail(owner);
  assert.ok("error" in (await lockout.check(owner)));
  await lockout.succeed(owner);
  assert.deepEqual(await lockout.check(owner), { ok: true });
});

test("an unknown client address counts account-wide only: never none, never five guesses from anyone", async () => {
  const { lockout } = setup();
  for (let i = 0; i < 49; i += 1) await lockout.fail({ account: "a@example.com", client: null });
  assert.deepEqual(await lockout.check({ account: "a@example.com", client: null }), { ok: true });
  await lockout.fail({ account: "a@example.com", client: null });
  assert.ok("error" in (await lockout.check({ account: "a@example.com", client: null })));
  assert.ok("error" in (await lockout.check({ account: "a@example.com", client: "192.0.2.1" })));
});

test("misconfiguration throws ConfigError", async () => {
  const store = createMemoryRateLimitStore();
  assert.throws(() => createLockout(store, Date.now, { threshold: 0 }), ConfigError);
  assert.throws(() => createLockout(store, Date.now, { threshold: 10, globalThreshold: 5 }), ConfigError);
  assert.throws(() => createLockout(store, Date.now, { baseDelayMs: 20 * MIN }), ConfigError);
  assert.throws(
    () => createLockout(store, Date.now, { maxDelayMs: 20 * MIN, windowMs: 10 * MIN }),
    ConfigError,
  );
  const lockout = createLockout(store, Date.now);
  await assert.rejects(lockout.check({ account: "", client: null }), ConfigError);
});
