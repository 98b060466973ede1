import assert from "node:assert/strict";
import { test } from "node:test";
import { KeyRing } from "../lib/key-ring.ts";
import { createCsrf, csrfTokenMatches, readCsrfCookie } from "./csrf.ts";

const PURPOSE = "gatehouse.csrf";
const SECRET_A = "secret-a-0123456789abcdef0123456789abcdef";
const SECRET_B = "secret-b-fedcba9876543210fedcba9876543210";

function keys(...secrets: string[]) {
  return new KeyRing(secrets).macKeys(PURPOSE);
}

/** Flips one hex digit at `index` so the value stays well-formed hex of the same length. */
function flipHex(hex: string, index: number): string {
  const digit = hex[index]!;
  return hex.slice(0, index) + (digit === "0" ? "1" : "0") + hex.slice(index + 1);
}

test("round trip: the cookie verifies and its token matches the one handed out", async () => {
  const ring = await keys(SECRET_A);
  const { token, cookie } = await createCsrf(ring);
  assert.match(token, /^[0-9a-f]{64}$/);
  assert.match(cookie, /^[0-9a-f]{64}\|[0-9a-f]{64}$/);
  assert.equal(cookie.split("|")[0], token);
  const read = await readCsrfCookie(cookie, ring);
  assert.ok(read);
  assert.equal(read.token, token);
  assert.equal(read.mac.length, 32);
  assert.equal(await csrfTokenMatches(read, token, ring), true);
});

test("each call mints a fresh token", async () => {
  const ring = await keys(SECRET_A);
  const a = await createCsrf(ring);
  const b = await createCsrf(ring);
  assert.notEqual(a.token, b.token);
});

test("createCsrf without any key is a TypeError", async () => {
  await assert.rejects(createCsrf([]), TypeError);
});

test("a tampered token is refused", async () => {
  const ring = await keys(SECRET_A);
  const { token, cookie } = await createCsrf(ring);
  const mac = cookie.split("|")[1]!;
  for (const forged of [flipHex(token, 0), flipHex(token, 63), `${token}0`, token.slice(1), "attacker"]) {
    assert.equal(await readCsrfCookie(`${forged}|${mac}`, ring), null, forged);
  }
});

test("a tampered MAC is refused", async () => {
  const ring = await keys(SECRET_A);
  const { token, cookie } = await createCsrf(ring);
  const mac = cookie.split("|")[1]!;
  for (const forged of [flipHex(mac, 0), flipHex(mac, 63), "0".repeat(64)]) {
    assert.equal(await readCsrfCookie(`${token}|${forged}`, ring), null, forged);
  }
});

test("a cookie made with another secret is refused", async () => {
  const { cookie } = await createCsrf(await keys(SECRET_B));
  assert.equal(await readCsrfCookie(cookie, await keys(SECRET_A)), null);
});

test("a MAC key for another purpose does not verify a CSRF cookie", async () => {
  const other = await new KeyRing([SECRET_A]).macKeys("another.purpose");
  const { cookie } = await createCsrf(other);
  assert.equal(await readCsrfCookie(cookie, await keys(SECRET_A)), null);
});

test("rotation: a cookie made with secret A verifies under [B, A]; new cookies are made with B", async () => {
  const { token, cookie } = await createCsrf(await keys(SECRET_A));
  const rotated = await keys(SECRET_B, SECRET_A);
  const read = await readCsrfCookie(cookie, rotated);
  assert.ok(read);
  assert.equal(read.token, token);
  assert.equal(await csrfTokenMatches(read, token, rotated), true);
  assert.equal(await csrfTokenMatches(read, flipHex(token, 0), rotated), false);

  const fresh = await createCsrf(rotated);
  assert.ok(await readCsrfCookie(fresh.cookie, await keys(SECRET_B)));
  assert.equal(await readCsrfCookie(fresh.cookie, await keys(SECRET_A)), null);
  // Once A is retired, cookies it made stop verifying.
  assert.equal(await readCsrfCookie(cookie, await keys(SECRET_B)), null);
});

test("malformed cookies are null, never an exception", async () => {
  const ring = await keys(SECRET_A);
  const { token, cookie } = await createCsrf(ring);
  const mac = cookie.split("|")[1]!;
  const malformed: Array<string | undefined> = [
    undefined,
    "",
    "|",
    token, // no bar
    `${token}${mac}`,
    `|${mac}`, // empty token
    `${token}|`, // empty MAC
    `${token}|${mac.slice(0, 62)}`, // short MAC
    `${token}|${mac.slice(0, 63)}`, // odd length
    `${token}|${mac}00`, // long MAC
    `${token}|${"zz".repeat(32)}`, // not hex
    `${token}|${mac.slice(0, 62)}-1`,
    `${token}|${mac}|x`,
    `${token}| ${mac}`,
    `${token}|${Buffer.from(mac, "hex").toString("base64url")}`,
  ];
  for (const value of malformed) {
    assert.equal(await readCsrfCookie(value, ring), null, JSON.stringify(value));
  }
});

test("the submitted token must be the cookie's token", async () => {
  const ring = await keys(SECRET_A);
  const { token, cookie } = await createCsrf(ring);
  const read = (await readCsrfCookie(cookie, ring))!;
  const other = await createCsrf(ring);
  const wrong: unknown[] = [
    other.token,
    flipHex(token, 0),
    token.toUpperCase(),
    ` ${token}`,
    `${token} `,
    token.slice(0, 63),
    `${token}0`,
    cookie, // the whole cookie is not the token
    "",
    undefined,
    null,
    42,
    [token],
    { toString: () => token },
    "a".repeat(257),
    token.repeat(100),
  ];
  for (const submitted of wrong) {
    assert.equal(await csrfTokenMatches(read, submitted, ring), false, JSON.stringify(submitted));
  }
  assert.equal(await csrfTokenMatches(read, token, ring), true);
});

test("a token from the cookie of another secret never matches", async () => {
  const ringA = await keys(SECRET_A);
  const ringB = await keys(SECRET_B);
  const a = await createCsrf(ringA);
  const b = await createCsrf(ringB);
  const read = (await readCsrfCookie(a.cookie, ringA))!;
  assert.equal(await csrfTokenMatches(read, b.token, await keys(SECRET_A, SECRET_B)), false);
});
