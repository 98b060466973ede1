import assert from "node:assert/strict";
import { pbkdf2Sync, scryptSync } from "node:crypto";
import { test } from "node:test";
import bcrypt from "bcryptjs";
import { toHex } from "../lib/encoding.ts";
import { hashPassword } from "./argon2id.ts";
import { createPasswordHasher, verifyPassword } from "./verify-password.ts";

const fast = { memory: 64, passes: 1, parallelism: 1 };
const NO = { ok: false, needsRehash: false };
const IMPORTED = { ok: true, needsRehash: true };
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64").replace(/=+$/, "");
const ab64 = (bytes: Uint8Array) => b64(bytes).replaceAll("+", ".");

test("malformed, truncated or unknown stored hashes are { ok: false }, never an exception", async () => {
  const good = await hashPassword("pw", fast);
  const cases = [
    "",
    "$",
    "$$$$",
    "garbage",
    "$argon2id",
    "$argon2id$v=19",
    "$argon2id$v=19$m=64,t=1,p=1",
    "$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA",
    good.slice(0, -5),
    `${good}A`,
    good.replace("$v=19", "$v=16"),
    good.replace("$v=19", ""),
    good.replace("$v=19", "$v=019"),
    good.replace("m=64", "m=-64"),
    good.replace("m=64", "m=64.0"),
    good.replace("m=64", "m=1e3"),
    good.replace("m=64,", "m=64,m=64,"),
    good.replace("p=1", "p=1,keyid=abc"),
    good.replace("t=1", "t=0"),
    good.replace("$argon2id$", "$argon2i$"),
    good.replace("$argon2id$", "$argon2d$"),
    good.replace(/\$[^$]+$/, "$!!!!"),
    "$unknown$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
    "$2b$10$tooShort",
    "$2x$10$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",
    "pbkdf2_sha256$x$salt$hash",
    "pbkdf2_md5$1000$salt$aGFzaGhhc2hoYXNoaGFzaA==",
    "abcd:ef",
    "$".repeat(5000),
  ];
  for (const stored of cases) assert.deepEqual(await verifyPassword("pw", stored, fast), NO, stored);
  assert.deepEqual(await verifyPassword(undefined as unknown as string, good, fast), NO);
  assert.deepEqual(await verifyPassword("pw", null as unknown as string, fast), NO);
});

test("huge stored parameters are refused before hashing (a stored hash cannot DoS the server)", async () => {
  const good = await hashPassword("pw", fast);
  const huge = [
    good.replace("m=64", "m=4194304"), // 4 GiB
    good.replace("t=1", "t=1000000"),
    good.replace("p=1", "p=255"),
    good.replace("m=64", "m=99999999999"),
    "$scrypt$ln=30,r=8,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
    "$scrypt$ln=20,r=32,p=16$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
    "$pbkdf2-sha256$999999999$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
    "pbkdf2_sha256$999999999$salt$aGFzaGhhc2hoYXNoaGFzaA==",
    "$2b$31$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",
  ];
  const started = performance.now();
  for (const stored of huge) assert.deepEqual(await verifyPassword("pw", stored, fast), NO, stored);
  assert.ok(performance.now() - started < 500, "refused without computing");
});

test("Better Auth's scrypt `salt:key` (N=16384, r=16, p=1, 64 bytes, hex salt text as salt)", async () => {
  // Computed independently, as better-auth/src/crypto/password.ts does with @noble/hashes.
  const salt = "0123456789abcdef0123456789abcdef";
  const key = scryptSync("hunter2".normalize("NFKC"), salt, 64, {
    N: 16384,
    r: 16,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  });
  const stored = `${salt}:${key.toString("hex")}`;
  assert.deepEqual(await verifyPassword("hunter2", stored), IMPORTED);
  assert.deepEqual(await verifyPassword("hunter3", stored), NO);
  // Better Auth normalised before hashing, so a decomposed spelling still matches its hashes.
  const cafe = `${salt}:${scryptSync("caf\u00e9", salt, 64, { N: 16384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 }).toString("hex")}`;
  assert.deepEqual(await verifyPassword("cafe\u0301", cafe), IMPORTED);
  assert.deepEqual(await verifyPassword("hunter2", stored.toUpperCase()), NO);
});

test("passlib's $scrypt$ PHC string", async () => {
  const salt = new Uint8Array(16).fill(3);
  const key = scryptSync("pw", salt, 32, { N: 1024, r: 8, p: 1 });
  const stored = `$scrypt$ln=10,r=8,p=1$${b64(salt)}$${b64(key)}`;
  assert.deepEqual(await verifyPassword("pw", stored), IMPORTED);
  assert.deepEqual(await verifyPassword("px", stored), NO);
  assert.deepEqual(await verifyPassword("pw", stored.replace("ln=10", "ln=11")), NO);
});

test("PBKDF2: passlib's $pbkdf2-sha256$ and Django's pbkdf2_sha256$", async () => {
  const salt = new Uint8Array(16).fill(9);
  const sha256 = pbkdf2Sync("pw", salt, 1000, 32, "sha256");
  const passlib = `$pbkdf2-sha256$1000$${ab64(salt)}$${ab64(sha256)}`;
  assert.deepEqual(await verifyPassword("pw", passlib), IMPORTED);
  assert.deepEqual(await verifyPassword("px", passlib), NO);
  const sha512 = pbkdf2Sync("pw", salt, 1000, 64, "sha512");
  assert.deepEqual(await verifyPassword("pw", `$pbkdf2-sha512$1000$${ab64(salt)}$${ab64(sha512)}`), IMPORTED);
  assert.deepEqual(await verifyPassword("pw", `$pbkdf2-sha512$i=1000$${b64(salt)}$${b64(sha512)}`), IMPORTED);

  // Django uses the salt as text and stores the hash as padded base64.
  const django = `pbkdf2_sha256$1000$Mb3TDnzsRHM3$${pbkdf2Sync("pw", "Mb3TDnzsRHM3", 1000, 32, "sha256").toString("base64")}`;
  assert.deepEqual(await verifyPassword("pw", django), IMPORTED);
  assert.deepEqual(await verifyPassword("px", django), NO);
});

test("bcrypt $2a$ / $2b$ / $2y$ through bcryptjs, and a published vector", async () => {
  // Solar Designer's bcrypt test vector (OpenBSD / crypt_blowfish wrapper.c): "U*U".
  assert.deepEqual(
    await verifyPassword("U*U", "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW"),
    IMPORTED,
  );
  const stored = bcrypt.hashSync("pässwörd", 4);
  for (const prefix of ["$2a$", "$2b$", "$2y$"]) {
    const variant = prefix + stored.slice(4);
    assert.deepEqual(await verifyPassword("pässwörd", variant), IMPORTED, prefix);
    assert.deepEqual(await verifyPassword("passwort", variant), NO, prefix);
  }
});

test("createPasswordHasher: the default PasswordHasher, options validated at configuration", async () => {
  const hasher = createPasswordHasher(fast);
  const stored = await hasher.hash("pw");
  assert.deepEqual(await hasher.verify("pw", stored), { ok: true, needsRehash: false });
  assert.deepEqual(await hasher.verify("pw", `${toHex(new Uint8Array(16))}:${"0".repeat(128)}`), NO);
  assert.throws(() => createPasswordHasher({ memory: -1 }), TypeError);
});
