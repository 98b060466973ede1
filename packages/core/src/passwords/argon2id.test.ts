import assert from "node:assert/strict";
import { argon2Sync } from "node:crypto";
import { test } from "node:test";
import { ConfigError } from "../errors/config-error.ts";
import { argon2idDefaults, hashPassword } from "./argon2id.ts";
import { verifyPassword } from "./verify-password.ts";

// Small parameters keep the suite fast; the defaults are exercised once.
const fast = { memory: 64, passes: 1, parallelism: 1 };

test("hashPassword: OWASP defaults, a PHC string, a round trip", async () => {
  const stored = await hashPassword("correct horse battery staple");
  assert.match(stored, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  assert.deepEqual(argon2idDefaults, {
    memory: 19456,
    passes: 2,
    parallelism: 1,
    saltLength: 16,
    hashLength: 32,
  });
  assert.deepEqual(await verifyPassword("correct horse battery staple", stored), {
    ok: true,
    needsRehash: false,
  });
  assert.deepEqual(await verifyPassword("correct horse battery stapler", stored), {
    ok: false,
    needsRehash: false,
  });
  assert.notEqual(await hashPassword("same"), await hashPassword("same"), "a fresh salt each time");
});

test("hashPassword: the key node:crypto's argon2Sync computes for the same salt and parameters", async () => {
  const salt = new Uint8Array(16).fill(7);
  const stored = await hashPassword("pässwörd ✓", { ...fast, random: () => salt });
  const expected = argon2Sync("argon2id", {
    message: "pässwörd ✓",
    nonce: salt,
    memory: 64,
    passes: 1,
    parallelism: 1,
    tagLength: 32,
  });
  assert.equal(
    stored,
    `$argon2id$v=19$m=64,t=1,p=1$BwcHBwcHBwcHBwcHBwcHBw$${expected.toString("base64").replace(/=+$/, "")}`,
  );
});

test("verifyPassword: the argon2 reference implementation's argon2id vector", async () => {
  // P-H-C/phc-winner-argon2 src/test.c: "password", salt "somesalt", t=2, m=2^16, p=1, v=0x13.
  const stored = "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc";
  assert.deepEqual(
    await verifyPassword("password", stored),
    { ok: true, needsRehash: true },
    "salt < 16 bytes",
  );
});

test("Unicode passwords are hashed as given: NFKC is the policy's job, not the hasher's", async () => {
  const composed = "caf\u00e9"; // é as one code point
  const decomposed = "cafe\u0301"; // e + combining acute
  const stored = await hashPassword(composed, fast);
  assert.equal((await verifyPassword(composed, stored, fast)).ok, true);
  assert.equal((await verifyPassword(decomposed, stored, fast)).ok, false);
  const emoji = await hashPassword("🔑パスワード", fast);
  assert.equal((await verifyPassword("🔑パスワード", emoji, fast)).ok, true);
});

test("needsRehash: weaker stored parameters than configured, never stronger", async () => {
  const weak = await hashPassword("pw", fast);
  assert.deepEqual(await verifyPassword("pw", weak, fast), { ok: true, needsRehash: false });
  assert.deepEqual(await verifyPassword("pw", weak, { ...fast, memory: 128 }), {
    ok: true,
    needsRehash: true,
  });
  assert.deepEqual(await verifyPassword("pw", weak, { ...fast, passes: 2 }), { ok: true, needsRehash: true });
  assert.deepEqual(await verifyPassword("pw", weak, { ...fast, parallelism: 2 }), {
    ok: true,
    needsRehash: true,
  });
  assert.deepEqual(await verifyPassword("pw", weak, { ...fast, hashLength: 64 }), {
    ok: true,
    needsRehash: true,
  });
  const strong = await hashPassword("pw", { memory: 256, passes: 2, parallelism: 2, hashLength: 64 });
  assert.deepEqual(await verifyPassword("pw", strong, fast), { ok: true, needsRehash: false });
  assert.deepEqual(await verifyPassword("nope", strong, fast), { ok: false, needsRehash: false });
});

test("options: nonsense is a ConfigError, before any hashing", async () => {
  for (const options of [
    { memory: 0 },
    { memory: 1.5 },
    { memory: Number.NaN },
    { memory: 262145 },
    { passes: 0 },
    { passes: 17 },
    { parallelism: 0 },
    { parallelism: 4, memory: 16 },
    { saltLength: 8 },
    { hashLength: 15 },
    { hashLength: 65 },
  ]) {
    await assert.rejects(hashPassword("pw", options), ConfigError, JSON.stringify(options));
    await assert.rejects(verifyPassword("pw", "x", options), ConfigError, JSON.stringify(options));
  }
  await assert.rejects(hashPassword("pw", { ...fast, random: () => new Uint8Array(3) }), ConfigError);
  await assert.rejects(hashPassword(42 as unknown as string), ConfigError);
});
