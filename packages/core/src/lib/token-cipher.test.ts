import assert from "node:assert/strict";
import { test } from "node:test";
import { compactDecrypt } from "jose";
import { KeyRing } from "./key-ring.ts";
import { openToken, SEALED_PREFIX, sealToken } from "./token-cipher.ts";

const SECRET = "a-secret-of-at-least-thirty-two-characters!";
const OLD = "an-older-secret-of-at-least-thirty-two-chars";

test("a sealed token opens to its plaintext and does not contain it", async () => {
  const keys = new KeyRing([SECRET]);
  const sealed = await sealToken(keys, "refresh-token-value");
  assert.ok(sealed.startsWith(SEALED_PREFIX));
  assert.ok(!sealed.includes("refresh-token-value"));
  assert.equal(await openToken(keys, sealed), "refresh-token-value");
});

test("sealing twice gives two different values (fresh IV)", async () => {
  const keys = new KeyRing([SECRET]);
  assert.notEqual(await sealToken(keys, "x"), await sealToken(keys, "x"));
});

test("a value sealed under a rotated-out first secret still opens while that secret is listed", async () => {
  const sealed = await sealToken(new KeyRing([OLD]), "access");
  assert.equal(await openToken(new KeyRing([SECRET, OLD]), sealed), "access");
  assert.equal(await openToken(new KeyRing([SECRET]), sealed), null);
});

test("stored plaintext from before sealing is returned as it is", async () => {
  assert.equal(await openToken(new KeyRing([SECRET]), "legacy-plaintext"), "legacy-plaintext");
});

test("tampered or garbage sealed values are null, never a throw", async () => {
  const keys = new KeyRing([SECRET]);
  const sealed = await sealToken(keys, "value");
  const last = sealed.at(-2) === "A" ? "B" : "A";
  assert.equal(await openToken(keys, `${sealed.slice(0, -2)}${last}${sealed.at(-1)}`), null);
  assert.equal(await openToken(keys, `${SEALED_PREFIX}garbage`), null);
  assert.equal(await openToken(keys, SEALED_PREFIX), null);
});

test("a cookie key cannot open a sealed token (distinct HKDF salt)", async () => {
  const keys = new KeyRing([SECRET]);
  const sealed = await sealToken(keys, "value");
  const [cookieKey] = await keys.encryptionKeys("authjs.session-token");
  const [tokenKey] = await keys.encryptionKeys("gatehouse.provider-token");
  assert.notEqual(cookieKey?.kid, tokenKey?.kid);
  await assert.rejects(compactDecrypt(sealed.slice(SEALED_PREFIX.length), cookieKey!.key));
});
