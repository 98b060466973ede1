import assert from "node:assert/strict";
import { test } from "node:test";
import { MAX_PASSKEY_NAME_LENGTH, passkeyName } from "./passkey-name.ts";

test("a name is trimmed and its inner whitespace collapsed", () => {
  assert.equal(passkeyName("  Work   laptop\t(Chrome) "), "Work laptop (Chrome)");
  assert.equal(passkeyName("Téléphone 📱"), "Téléphone 📱");
});

test("empty, too long, not a string, or with control or bidi-override characters: null", () => {
  for (const bad of ["", "   ", undefined, null, 42, ["a"], "a\u0000b", "a\u0007b", "pay\u202egnp.exe"]) {
    assert.equal(passkeyName(bad), null, JSON.stringify(bad));
  }
  assert.equal(passkeyName("x".repeat(MAX_PASSKEY_NAME_LENGTH))?.length, MAX_PASSKEY_NAME_LENGTH);
  assert.equal(passkeyName("x".repeat(MAX_PASSKEY_NAME_LENGTH + 1)), null);
  // Counted in characters, not UTF-16 units: 64 emoji fit.
  assert.ok(passkeyName("🔑".repeat(MAX_PASSKEY_NAME_LENGTH)));
});
