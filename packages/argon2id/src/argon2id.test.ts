import assert from "node:assert/strict";
import { argon2Sync, randomBytes } from "node:crypto";
import { test } from "node:test";
import { type Argon2idParameters, argon2id } from "./argon2id.ts";

const hex = (text: string) => Buffer.from(text.replaceAll(" ", ""), "hex");
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64").replace(/=+$/, "");
const fill = (length: number, byte: number) => new Uint8Array(length).fill(byte);

test("RFC 9106 §5.3: the argon2id test vector (secret and associated data, 4 lanes)", async () => {
  const tag = await argon2id({
    message: fill(32, 0x01),
    nonce: fill(16, 0x02),
    secret: fill(8, 0x03),
    associatedData: fill(12, 0x04),
    memory: 32,
    passes: 3,
    parallelism: 4,
    tagLength: 32,
  });
  assert.deepEqual(
    Buffer.from(tag),
    hex("0d 64 0d f5 8d 78 76 6c 08 c0 37 a3 4a 8b 53 c9 d0 1e f0 45 2d 75 b6 5e b5 25 20 e9 6b 01 e6 59"),
  );
});

test("the argon2 reference implementation's vectors (P-H-C/phc-winner-argon2 src/test.c, v=0x13)", async () => {
  const salt = new TextEncoder().encode("somesalt");
  for (const [parallelism, expected] of [
    [1, "nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4"],
    [2, "bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc"],
  ] as const) {
    const tag = await argon2id({
      message: "password",
      nonce: salt,
      memory: 256,
      passes: 2,
      parallelism,
      tagLength: 32,
    });
    assert.equal(base64(tag), expected, `m=256,t=2,p=${parallelism}`);
  }
});

test("the same key as node:crypto's argon2 for the same inputs: strings as UTF-8, odd sizes, secret and data", async () => {
  const cases: Argon2idParameters[] = [
    // The Password provider's defaults (OWASP), once.
    {
      message: "correct horse battery staple",
      nonce: randomBytes(16),
      memory: 19456,
      passes: 2,
      parallelism: 1,
      tagLength: 32,
    },
    {
      message: "pässwörd ✓ 🔑",
      nonce: randomBytes(16),
      memory: 64,
      passes: 1,
      parallelism: 1,
      tagLength: 32,
    },
    // A lone surrogate: both encode it as U+FFFD, so a string that is not well-formed hashes alike.
    { message: "a\ud800b", nonce: randomBytes(16), memory: 64, passes: 1, parallelism: 1, tagLength: 32 },
    { message: "", nonce: randomBytes(8), memory: 40, passes: 3, parallelism: 5, tagLength: 4 },
    {
      message: randomBytes(100),
      nonce: randomBytes(64),
      memory: 200,
      passes: 2,
      parallelism: 3,
      tagLength: 64,
    },
    {
      message: "with a secret",
      nonce: randomBytes(16),
      memory: 64,
      passes: 1,
      parallelism: 2,
      tagLength: 33,
      secret: randomBytes(32),
      associatedData: randomBytes(7),
    },
  ];
  for (const parameters of cases) {
    const expected = argon2Sync("argon2id", parameters);
    assert.deepEqual(
      Buffer.from(await argon2id(parameters)),
      expected,
      JSON.stringify({ ...parameters, message: "…", nonce: "…" }),
    );
  }
});

test("parameters no argon2id accepts reject, before any work", async () => {
  const valid: Argon2idParameters = {
    message: "pw",
    nonce: new Uint8Array(16),
    memory: 64,
    passes: 1,
    parallelism: 1,
    tagLength: 32,
  };
  for (const change of [
    { nonce: new Uint8Array(7) },
    { memory: 15, parallelism: 2 },
    { passes: 0 },
    { parallelism: 0 },
    { tagLength: 3 },
    { memory: 1.5 },
    { memory: 2 * 1024 * 1024 }, // 2 GiB: over the 1 GiB ceiling, refused without allocating it
  ]) {
    await assert.rejects(argon2id({ ...valid, ...change }), Error, JSON.stringify(change));
  }
});
