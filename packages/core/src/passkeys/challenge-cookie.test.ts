import assert from "node:assert/strict";
import { test } from "node:test";
import { CLOCK_TOLERANCE_S } from "../lib/defaults.ts";
import { encodeJwt } from "../lib/jwt.ts";
import { KeyRing } from "../lib/key-ring.ts";
import { createMemoryRateLimitStore } from "../limits/memory-rate-limit-store.ts";
import { CHALLENGE_MAX_AGE_S, consumeOnce, openChallenge, sealChallenge } from "./challenge-cookie.ts";

const keys = new KeyRing(["a-secret-of-at-least-thirty-two-characters"]);
const now = Date.UTC(2026, 0, 1);

test("a sealed registration opens for its kind with the challenge, the user and a random id", async () => {
  const value = await sealChallenge({
    keys,
    ceremony: { kind: "register", challenge: "the-challenge-abc", userId: "user-number-1" },
    now,
  });
  // Long values: a short one ("u1") turns up in random ciphertext now and then.
  assert.doesNotMatch(value, /the-challenge-abc|user-number-1/, "the cookie is encrypted, not readable");
  const opened = await openChallenge({ keys, value, kind: "register", now: now + 1000 });
  assert.ok(opened);
  assert.equal(opened.challenge, "the-challenge-abc");
  assert.equal(opened.userId, "user-number-1");
  assert.match(opened.id, /^[0-9a-f-]{36}$/);
  const again = await sealChallenge({
    keys,
    ceremony: { kind: "register", challenge: "the-challenge-abc", userId: "user-number-1" },
    now,
  });
  assert.notEqual((await openChallenge({ keys, value: again, kind: "register", now }))?.id, opened.id);
});

test("an authentication challenge opens as one, and not as a registration (nor the reverse)", async () => {
  const auth = await sealChallenge({ keys, ceremony: { kind: "authenticate", challenge: "xyz" }, now });
  assert.deepEqual(
    { ...(await openChallenge({ keys, value: auth, kind: "authenticate", now })), id: "" },
    { kind: "authenticate", challenge: "xyz", id: "" },
  );
  assert.equal(await openChallenge({ keys, value: auth, kind: "register", now }), null);
  const reg = await sealChallenge({
    keys,
    ceremony: { kind: "register", challenge: "abc", userId: "u1" },
    now,
  });
  assert.equal(await openChallenge({ keys, value: reg, kind: "authenticate", now }), null);
});

test("expired after the maximum age (plus the shared clock tolerance)", async () => {
  const value = await sealChallenge({ keys, ceremony: { kind: "authenticate", challenge: "xyz" }, now });
  const edge = now + (CHALLENGE_MAX_AGE_S + CLOCK_TOLERANCE_S) * 1000;
  assert.ok(await openChallenge({ keys, value, kind: "authenticate", now: edge - 1000 }));
  assert.equal(await openChallenge({ keys, value, kind: "authenticate", now: edge }), null);
});

test("tampered, missing, another secret's or another purpose's value: null", async () => {
  const value = await sealChallenge({ keys, ceremony: { kind: "authenticate", challenge: "xyz" }, now });
  const tampered = `${value.slice(0, -4)}${value.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
  assert.equal(await openChallenge({ keys, value: tampered, kind: "authenticate", now }), null);
  assert.equal(await openChallenge({ keys, value: undefined, kind: "authenticate", now }), null);
  assert.equal(await openChallenge({ keys, value: "", kind: "authenticate", now }), null);
  const other = new KeyRing(["another-secret-of-at-least-thirty-two-chars"]);
  assert.equal(await openChallenge({ keys: other, value, kind: "authenticate", now }), null);
  // A session token (sealed for the session cookie) is no challenge, even with the right claims.
  const session = await encodeJwt({
    token: { kind: "authenticate", challenge: "xyz" },
    keys: await keys.encryptionKeys("gatehouse.session-token"),
    maxAge: 60,
    now,
  });
  assert.equal(await openChallenge({ keys, value: session, kind: "authenticate", now }), null);
});

test("a retired secret still opens a challenge sealed before the rotation", async () => {
  const old = new KeyRing(["the-old-secret-of-at-least-thirty-two-chars"]);
  const value = await sealChallenge({ keys: old, ceremony: { kind: "authenticate", challenge: "xyz" }, now });
  const rotated = new KeyRing([
    "the-new-secret-of-at-least-thirty-two-chars",
    "the-old-secret-of-at-least-thirty-two-chars",
  ]);
  assert.ok(await openChallenge({ keys: rotated, value, kind: "authenticate", now }));
});

test("consumeOnce: a challenge is spent once, also across instances sharing the store", async () => {
  const store = createMemoryRateLimitStore();
  assert.equal(await consumeOnce("id-1", store, now), true);
  // A second instance (same store) replaying the cookie, until it could no longer open.
  assert.equal(await consumeOnce("id-1", store, now + 1000), false);
  assert.equal(
    await consumeOnce("id-1", store, now + (CHALLENGE_MAX_AGE_S + CLOCK_TOLERANCE_S) * 1000 - 1),
    false,
  );
  assert.equal(await consumeOnce("id-2", store, now), true);
});
