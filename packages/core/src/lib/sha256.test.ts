import assert from "node:assert/strict";
import { test } from "node:test";
import { toHex, utf8 } from "./encoding.ts";
import { sha256Hex } from "./sha256.ts";

test("sha256Hex: the FIPS 180-2 vector, and the same digest WebCrypto computes", async () => {
  assert.equal(await sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  for (const text of ["", "ünïcödé ✓", "x".repeat(1000)]) {
    const web = toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", utf8.encode(text))));
    assert.equal(await sha256Hex(text), web);
  }
});
