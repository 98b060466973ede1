import assert from "node:assert/strict";
import { test } from "node:test";
import { KeyRing } from "../lib/key-ring.ts";
import {
  BACKUP_CODE_COUNT,
  createBackupCodes,
  hashBackupCode,
  normalizeBackupCode,
  redeemBackupCode,
} from "./backup-codes.ts";

const SECRET = "a-secret-of-at-least-thirty-two-characters!";
const OLD = "an-older-secret-of-at-least-thirty-two-chars";
const USER = "user-1";
const CODE = /^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/;

/** Storage's `useBackupCode` for one user, over a set of unused hashes. */
function storage(hashes: Iterable<string>): { use: (hash: string) => Promise<boolean>; unused: Set<string> } {
  const unused = new Set(hashes);
  return { unused, use: async (hash) => unused.delete(hash) };
}

test("ten distinct codes, xxxxx-xxxxx, from the unambiguous alphabet", () => {
  const codes = createBackupCodes();
  assert.equal(codes.length, BACKUP_CODE_COUNT);
  assert.equal(new Set(codes).size, 10);
  for (const code of codes) assert.match(code, CODE);
  assert.doesNotMatch(codes.join(""), /[01ilo]/);
});

test("random bytes that would bias the alphabet are dropped, not folded in", () => {
  // 31 characters: bytes 248–255 would make the first eight likelier, so they must be skipped.
  let next = 0;
  const random = (bytes: Uint8Array) => {
    for (let i = 0; i < bytes.length; i++) bytes[i] = i % 2 === 0 ? 248 + (i % 8) : next++ % 31;
    return bytes;
  };
  const codes = createBackupCodes(random);
  assert.deepEqual(codes.slice(0, 4), ["23456-789ab", "cdefg-hjkmn", "pqrst-uvwxy", "z2345-6789a"]);
  for (const code of codes) assert.match(code, CODE);
  let draws = 0; // 247 is the last byte kept: a code of it first, then any others
  const edge = (bytes: Uint8Array) => (draws++ === 0 ? bytes.fill(247) : random(bytes));
  assert.equal(createBackupCodes(edge)[0], "zzzzz-zzzzz");
});

test("a repeated code is drawn again, so the ten are always distinct", () => {
  let calls = 0;
  const random = (bytes: Uint8Array) => {
    calls++; // the first two draws are the same code; later ones differ
    return calls <= 2 ? bytes.fill(0) : bytes.map((_, i) => (calls * 7 + i) % 31);
  };
  const codes = createBackupCodes(random);
  assert.equal(new Set(codes).size, 10);
  assert.equal(codes[0], "22222-22222");
});

test("typed codes are normalised: case, spaces and hyphens do not matter", () => {
  assert.equal(normalizeBackupCode("K7MFQ-2XHTN"), "k7mfq2xhtn");
  assert.equal(normalizeBackupCode(" k7mfq 2xhtn "), "k7mfq2xhtn");
  assert.equal(normalizeBackupCode("k7mfq2xhtn"), "k7mfq2xhtn");
});

test("anything that cannot be a code is null", () => {
  for (const bad of [
    "k7mfq-2xht",
    "k7mfq-2xhtnn",
    "k7mfo-2xhtn",
    "k7mf0-2xhtn",
    "k7mf1-2xhtn",
    "k7mfl-2xhtn",
    "k7mfi-2xhtn",
    "k7mfq_2xhtn",
    "",
    undefined,
    null,
    1234567890,
  ]) {
    assert.equal(normalizeBackupCode(bad), null, String(bad));
  }
});

test("the stored hash is keyed: it depends on the code, the user and the app secret, not on how it was typed", async () => {
  const keys = new KeyRing([SECRET]);
  const hash = await hashBackupCode(keys, { userId: USER, code: "k7mfq-2xhtn" });
  assert.match(hash, /^[0-9a-f]{64}$/);
  assert.equal(await hashBackupCode(keys, { userId: USER, code: "K7MFQ 2XHTN" }), hash);
  assert.notEqual(await hashBackupCode(keys, { userId: USER, code: "k7mfq-2xhtp" }), hash);
  assert.notEqual(await hashBackupCode(keys, { userId: "user-2", code: "k7mfq-2xhtn" }), hash);
  assert.notEqual(await hashBackupCode(new KeyRing([OLD]), { userId: USER, code: "k7mfq-2xhtn" }), hash);
});

test("hashing something that is not a code is a programming error", async () => {
  await assert.rejects(hashBackupCode(new KeyRing([SECRET]), { userId: USER, code: "nope" }), TypeError);
});

test("a code redeems once; a wrong, malformed or other user's code never", async () => {
  const keys = new KeyRing([SECRET]);
  const codes = createBackupCodes();
  const db = storage(await Promise.all(codes.map((code) => hashBackupCode(keys, { userId: USER, code }))));
  const [first = "", second = ""] = codes;
  assert.equal(await redeemBackupCode(keys, { userId: USER, code: first.toUpperCase(), use: db.use }), true);
  assert.equal(await redeemBackupCode(keys, { userId: USER, code: first, use: db.use }), false);
  assert.equal(db.unused.size, 9);
  assert.equal(await redeemBackupCode(keys, { userId: "user-2", code: second, use: db.use }), false);
  assert.equal(await redeemBackupCode(keys, { userId: USER, code: "not a code", use: db.use }), false);
  assert.equal(await redeemBackupCode(keys, { userId: USER, code: undefined, use: db.use }), false);
  assert.equal(await redeemBackupCode(keys, { userId: USER, code: second, use: db.use }), true);
});

test("codes hashed before the app secret was rotated still redeem while the old secret is listed", async () => {
  const db = storage([await hashBackupCode(new KeyRing([OLD]), { userId: USER, code: "k7mfq-2xhtn" })]);
  assert.equal(
    await redeemBackupCode(new KeyRing([SECRET]), { userId: USER, code: "k7mfq-2xhtn", use: db.use }),
    false,
  );
  assert.equal(
    await redeemBackupCode(new KeyRing([SECRET, OLD]), { userId: USER, code: "k7mfq-2xhtn", use: db.use }),
    true,
  );
});
