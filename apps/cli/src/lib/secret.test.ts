import assert from "node:assert/strict";
import { test } from "node:test";
import { generateSecret } from "./secret.ts";

test("a secret is 32 random bytes in base64url: 43 characters, no padding", () => {
  const fixed = generateSecret((bytes) => bytes.fill(0xfb));
  assert.equal(fixed, Buffer.alloc(32, 0xfb).toString("base64url"));
  assert.equal(fixed.length, 43);
  assert.match(fixed, /^[A-Za-z0-9_-]{43}$/, "no + / = to quote in a .env file or a shell");
});

test("the default randomness is crypto.getRandomValues: every secret is new", () => {
  const secrets = new Set(Array.from({ length: 100 }, () => generateSecret()));
  assert.equal(secrets.size, 100);
  for (const secret of secrets) assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
});
