import assert from "node:assert/strict";
import { test } from "node:test";
import { base64url, decodeProtectedHeader, EncryptJWT, SignJWT } from "jose";
import { CLOCK_TOLERANCE_S } from "./defaults.ts";
import { decodeJwt, encodeJwt } from "./jwt.ts";
import { KeyRing } from "./key-ring.ts";

const SECRET_A = "secret-a-0123456789abcdef0123456789abcdef";
const SECRET_B = "secret-b-fedcba9876543210fedcba9876543210";
const COOKIE = "gatehouse.session-token";
const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
const MAX_AGE = 30 * 24 * 60 * 60;

function keysFor(secrets: string[], cookie = COOKIE) {
  return new KeyRing(secrets).encryptionKeys(cookie);
}

async function mint(secrets = [SECRET_A], cookie = COOKIE): Promise<string> {
  return encodeJwt({
    token: { sub: "user-1", name: "Ada", email: "ada@example.com", picture: null },
    keys: await keysFor(secrets, cookie),
    maxAge: MAX_AGE,
    now: NOW,
  });
}

/** Replaces one character of a compact JWE segment with another valid base64url character. */
function tamper(token: string, segment: number, at = 5): string {
  const parts = token.split(".");
  const part = parts[segment]!;
  const index = Math.min(at, part.length - 1);
  parts[segment] = part.slice(0, index) + (part[index] === "A" ? "B" : "A") + part.slice(index + 1);
  return parts.join(".");
}

test("round trip: claims come back with iat, exp and jti set", async () => {
  const keys = await keysFor([SECRET_A]);
  const token = await encodeJwt({
    token: {
      sub: "user-1",
      name: "Ada",
      email: "ada@example.com",
      picture: "https://x/p.png",
      role: "admin",
    },
    keys,
    maxAge: MAX_AGE,
    now: NOW + 999, // iat is whole seconds, rounded down
  });
  const claims = await decodeJwt({ token, keys, now: NOW });
  assert.ok(claims);
  const { jti, ...rest } = claims;
  assert.deepEqual(rest, {
    sub: "user-1",
    name: "Ada",
    email: "ada@example.com",
    picture: "https://x/p.png",
    role: "admin",
    iat: NOW / 1000,
    exp: NOW / 1000 + MAX_AGE,
  });
  assert.match(String(jti), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test("every token gets a fresh jti", async () => {
  const keys = await keysFor([SECRET_A]);
  const a = await decodeJwt({ token: await mint(), keys, now: NOW });
  const b = await decodeJwt({ token: await mint(), keys, now: NOW });
  assert.ok(a?.jti && b?.jti);
  assert.notEqual(a.jti, b.jti);
});

test("iat, exp and jti from the caller are overwritten", async () => {
  const keys = await keysFor([SECRET_A]);
  const token = await encodeJwt({
    token: { sub: "u", iat: 1, exp: 9_999_999_999, jti: "chosen" },
    keys,
    maxAge: 60,
    now: NOW,
  });
  const claims = await decodeJwt({ token, keys, now: NOW });
  assert.equal(claims?.iat, NOW / 1000);
  assert.equal(claims?.exp, NOW / 1000 + 60);
  assert.notEqual(claims?.jti, "chosen");
});

test("the token is a compact JWE with a dir / A256GCM header naming the key", async () => {
  const keys = await keysFor([SECRET_A]);
  const token = await mint();
  assert.equal(token.split(".").length, 5);
  assert.equal(token.split(".")[1], "", "dir has no encrypted key");
  assert.deepEqual(decodeProtectedHeader(token), { alg: "dir", enc: "A256GCM", kid: keys[0]!.kid });
  // The claims are not readable without the key.
  assert.doesNotMatch(token, /Ada|user-1/);
  for (const part of token.split("."))
    assert.doesNotMatch(new TextDecoder().decode(base64url.decode(part)), /ada@example\.com/);
});

test("encodeJwt without a key is a TypeError", async () => {
  await assert.rejects(encodeJwt({ token: {}, keys: [], maxAge: 60, now: NOW }), TypeError);
});

test("expiry is checked against the injected clock, with the one clock tolerance", async () => {
  const tolerance = CLOCK_TOLERANCE_S * 1000;
  const keys = await keysFor([SECRET_A]);
  const token = await mint();
  const exp = NOW + MAX_AGE * 1000;
  assert.ok(await decodeJwt({ token, keys, now: exp - 1 }));
  assert.ok(await decodeJwt({ token, keys, now: exp }), "at exp, within tolerance");
  assert.ok(await decodeJwt({ token, keys, now: exp + tolerance - 1 }), "1 ms short of the tolerance");
  assert.equal(await decodeJwt({ token, keys, now: exp + tolerance }), null, "as late as the tolerance");
  assert.equal(await decodeJwt({ token, keys, now: exp + 86_400_000 }), null, "a day late");
});

test("a tampered token is null", async () => {
  const keys = await keysFor([SECRET_A]);
  const token = await mint();
  for (const [segment, what] of [
    [0, "header"],
    [2, "iv"],
    [3, "ciphertext"],
    [4, "tag"],
  ] as const) {
    assert.equal(await decodeJwt({ token: tamper(token, segment), keys, now: NOW }), null, what);
  }
  assert.equal(await decodeJwt({ token: `${token}A`, keys, now: NOW }), null, "appended");
  assert.equal(await decodeJwt({ token: token.slice(0, -2), keys, now: NOW }), null, "truncated");
});

test("a header re-written with another enc or kid is null", async () => {
  const keys = await keysFor([SECRET_A]);
  const [, ...rest] = (await mint()).split(".");
  const headers = [
    { alg: "dir", enc: "A256GCM" },
    { alg: "dir", enc: "A256GCM", kid: "other" },
    { alg: "dir", enc: "A128GCM", kid: keys[0]!.kid },
    { alg: "A256KW", enc: "A256GCM", kid: keys[0]!.kid },
    { alg: "dir", enc: "A256GCM", kid: keys[0]!.kid, zip: "DEF" },
  ];
  for (const header of headers) {
    const token = [base64url.encode(JSON.stringify(header)), ...rest].join(".");
    assert.equal(await decodeJwt({ token, keys, now: NOW }), null, JSON.stringify(header));
  }
});

test("a token minted for one cookie name is null under another (HKDF salt binding)", async () => {
  const token = await mint([SECRET_A], "gatehouse.session-token");
  for (const other of ["__Secure-gatehouse.session-token", "gatehouse.state", "other.session-token"]) {
    assert.equal(await decodeJwt({ token, keys: await keysFor([SECRET_A], other), now: NOW }), null, other);
  }
  assert.ok(await decodeJwt({ token, keys: await keysFor([SECRET_A], "gatehouse.session-token"), now: NOW }));
});

test("the salt binding holds even when a forged header names the other cookie's key", async () => {
  const token = await mint([SECRET_A], "gatehouse.state");
  const sessionKeys = await keysFor([SECRET_A], COOKIE);
  const [, ...rest] = token.split(".");
  const forged = [
    base64url.encode(JSON.stringify({ alg: "dir", enc: "A256GCM", kid: sessionKeys[0]!.kid })),
    ...rest,
  ];
  assert.equal(await decodeJwt({ token: forged.join("."), keys: sessionKeys, now: NOW }), null);
});

test("rotation: [A] tokens decode under [B, A]; not under [B] alone; [B, A] encrypts with B", async () => {
  const token = await mint([SECRET_A]);
  const claims = await decodeJwt({ token, keys: await keysFor([SECRET_B, SECRET_A]), now: NOW });
  assert.equal(claims?.sub, "user-1");
  assert.equal(await decodeJwt({ token, keys: await keysFor([SECRET_B]), now: NOW }), null);

  const rotated = await mint([SECRET_B, SECRET_A]);
  assert.equal(decodeProtectedHeader(rotated).kid, (await keysFor([SECRET_B]))[0]!.kid);
  assert.ok(await decodeJwt({ token: rotated, keys: await keysFor([SECRET_B]), now: NOW }));
  assert.equal(await decodeJwt({ token: rotated, keys: await keysFor([SECRET_A]), now: NOW }), null);
});

test("garbage, empty, unsecured and signed (JWS) strings are null", async () => {
  const keys = await keysFor([SECRET_A]);
  const hs256 = await new SignJWT({ sub: "user-1" })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(NOW / 1000)
    .setExpirationTime(NOW / 1000 + 60)
    .sign(new TextEncoder().encode(SECRET_A));
  const unsecured = `${base64url.encode('{"alg":"none"}')}.${base64url.encode('{"sub":"user-1"}')}.`;
  const garbage = [
    "",
    "x",
    ".",
    "....",
    "a.b.c.d.e",
    "null",
    "{}",
    "🍪",
    "x".repeat(10_000),
    hs256,
    unsecured,
  ];
  for (const token of garbage) {
    assert.equal(await decodeJwt({ token, keys, now: NOW }), null, token.slice(0, 40));
  }
});

test("a JWE made with our key but without exp or iat is null", async () => {
  const keys = await keysFor([SECRET_A]);
  const { kid, key } = keys[0]!;
  const withoutExp = await new EncryptJWT({ sub: "user-1" })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid })
    .setIssuedAt(NOW / 1000)
    .encrypt(key);
  const withoutIat = await new EncryptJWT({ sub: "user-1" })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid })
    .setExpirationTime(NOW / 1000 + 60)
    .encrypt(key);
  assert.equal(await decodeJwt({ token: withoutExp, keys, now: NOW }), null, "no exp");
  assert.equal(await decodeJwt({ token: withoutIat, keys, now: NOW }), null, "no iat");
});

test("keys are derived once per cookie name: the same promise every time", async () => {
  const ring = new KeyRing([SECRET_A]);
  const first = ring.encryptionKeys(COOKIE);
  assert.equal(ring.encryptionKeys(COOKIE), first);
  assert.notEqual(ring.encryptionKeys("other"), first);
  const [a] = await first;
  const [b] = await ring.encryptionKeys("other");
  assert.notEqual(a!.kid, b!.kid);
  // Two rings with the same secret derive the same key ids (a restart keeps sessions valid).
  assert.equal((await new KeyRing([SECRET_A]).encryptionKeys(COOKIE))[0]!.kid, a!.kid);
});
