import assert from "node:assert/strict";
import { test } from "node:test";
import { CLOCK_TOLERANCE_S } from "../lib/defaults.ts";
import { encodeJwt } from "../lib/jwt.ts";
import { KeyRing } from "../lib/key-ring.ts";
import { createMemoryRateLimitStore } from "../limits/memory-rate-limit-store.ts";
import {
  claimPendingSignIn,
  openPendingSignIn,
  PENDING_SIGN_IN_MAX_AGE_S,
  type PendingSignIn,
  pendingSignInCookieName,
  sealPendingSignIn,
} from "./pending-sign-in.ts";

const SECRET = "a-secret-of-at-least-thirty-two-characters!";
const OTHER = "another-secret-of-at-least-thirty-two-chars";
const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
const PENDING: PendingSignIn = {
  userId: "user-1",
  providerId: "credentials",
  accountType: "credentials",
  callbackUrl: "https://app.example/dashboard",
  generation: 3,
};

function at(now: number, secret = SECRET) {
  return { keys: new KeyRing([secret]), now };
}

test("the state comes back with a random id and its expiry, 5 minutes on", async () => {
  const value = await sealPendingSignIn(at(NOW), PENDING);
  const opened = await openPendingSignIn(at(NOW), value);
  assert.ok(opened);
  const { id, ...rest } = opened;
  assert.deepEqual(rest, { ...PENDING, expiresAt: NOW + PENDING_SIGN_IN_MAX_AGE_S * 1000 });
  assert.match(id, /^[0-9a-f-]{36}$/);
  const again = await openPendingSignIn(at(NOW), await sealPendingSignIn(at(NOW), PENDING));
  assert.notEqual(again?.id, id);
});

test("the value is encrypted: it shows neither the user nor the callback URL", async () => {
  const value = await sealPendingSignIn(at(NOW), PENDING);
  assert.equal(value.split(".").length, 5); // compact JWE
  assert.ok(!value.includes("user-1") && !value.includes("app.example"));
  assert.ok(!Buffer.from(value.split(".")[0]!, "base64url").toString().includes("user-1"));
});

test("it expires after 5 minutes (with the shared clock tolerance), without waiting", async () => {
  const value = await sealPendingSignIn(at(NOW), PENDING);
  const end = NOW + PENDING_SIGN_IN_MAX_AGE_S * 1000;
  assert.ok(await openPendingSignIn(at(end - 1), value));
  assert.ok(await openPendingSignIn(at(end + CLOCK_TOLERANCE_S * 1000 - 1000), value));
  assert.equal(await openPendingSignIn(at(end + CLOCK_TOLERANCE_S * 1000 + 1000), value), null);
});

test("tampered, garbage, or from another app secret: null", async () => {
  const value = await sealPendingSignIn(at(NOW), PENDING);
  const parts = value.split(".");
  const cipher = parts[3]!;
  parts[3] = (cipher[0] === "A" ? "B" : "A") + cipher.slice(1);
  assert.equal(await openPendingSignIn(at(NOW), parts.join(".")), null);
  assert.equal(await openPendingSignIn(at(NOW), "garbage"), null);
  assert.equal(await openPendingSignIn(at(NOW), ""), null);
  assert.equal(await openPendingSignIn(at(NOW, OTHER), value), null);
  assert.ok(await openPendingSignIn({ keys: new KeyRing([OTHER, SECRET]), now: NOW }, value)); // rotation
});

test("a session cookie, or any JWE of another purpose, is not a pending state", async () => {
  const keys = new KeyRing([SECRET]);
  const session = await encodeJwt({
    token: {
      sub: "user-1",
      provider: "credentials",
      type: "credentials",
      callbackUrl: "https://app.example/",
    },
    keys: await keys.encryptionKeys("gatehouse.session-token"),
    maxAge: 3600,
    now: NOW,
  });
  assert.equal(await openPendingSignIn({ keys, now: NOW }, session), null);
});

test("a state with missing or mistyped claims is null", async () => {
  const keys = new KeyRing([SECRET]);
  const mint = async (token: Record<string, unknown>) =>
    encodeJwt({ token, keys: await keys.encryptionKeys("gatehouse.two-factor"), maxAge: 300, now: NOW });
  const good = { sub: "u", provider: "p", type: "oauth", callbackUrl: "https://app.example/" };
  assert.ok(await openPendingSignIn({ keys, now: NOW }, await mint(good)));
  for (const bad of [
    { ...good, sub: 1 },
    { ...good, type: "session" },
    { ...good, callbackUrl: undefined },
  ]) {
    assert.equal(await openPendingSignIn({ keys, now: NOW }, await mint(bad)), null, JSON.stringify(bad));
  }
});

test("the cookie is <prefix>.two-factor, __Host- on https", () => {
  assert.equal(pendingSignInCookieName("gatehouse", false), "gatehouse.two-factor");
  assert.equal(pendingSignInCookieName("gatehouse", true), "__Host-gatehouse.two-factor");
});

test("a state finishes a sign-in once: the second claim, even from a copy of the cookie, is refused", async () => {
  const store = createMemoryRateLimitStore();
  const value = await sealPendingSignIn(at(NOW), PENDING);
  const opened = (await openPendingSignIn(at(NOW), value))!;
  const copy = (await openPendingSignIn(at(NOW + 1000), value))!;
  assert.equal(await claimPendingSignIn(store, opened, NOW), true);
  assert.equal(await claimPendingSignIn(store, copy, NOW + 1000), false);
  // Still refused at the last moment the state could be opened.
  const last = opened.expiresAt + CLOCK_TOLERANCE_S * 1000 - 1;
  assert.equal(await claimPendingSignIn(store, copy, last), false);
  // Another state is its own.
  const other = (await openPendingSignIn(at(NOW), await sealPendingSignIn(at(NOW), PENDING)))!;
  assert.equal(await claimPendingSignIn(store, other, NOW), true);
});

test("two claims at once: exactly one wins", async () => {
  const store = createMemoryRateLimitStore();
  const opened = (await openPendingSignIn(at(NOW), await sealPendingSignIn(at(NOW), PENDING)))!;
  const results = await Promise.all([1, 2, 3].map(() => claimPendingSignIn(store, opened, NOW)));
  assert.deepEqual(results.sort(), [false, false, true]);
});

test("the account id at the provider comes back, so the session after the second step names the right account", async () => {
  const withAccount = {
    ...PENDING,
    providerId: "github",
    accountType: "oauth" as const,
    providerAccountId: "gh-42",
  };
  const opened = await openPendingSignIn(at(NOW), await sealPendingSignIn(at(NOW), withAccount));
  assert.equal(opened?.providerAccountId, "gh-42");
  const without = await openPendingSignIn(at(NOW), await sealPendingSignIn(at(NOW), PENDING));
  assert.equal(without && "providerAccountId" in without, false);
});
