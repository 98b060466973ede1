import assert from "node:assert/strict";
import { test } from "node:test";
import { KeyRing } from "../lib/key-ring.ts";
import { openToken, sealToken } from "../lib/token-cipher.ts";
import { openTotpSecret, sealTotpSecret } from "./sealed-secret.ts";

const SECRET = "a-secret-of-at-least-thirty-two-characters!";
const OLD = "an-older-secret-of-at-least-thirty-two-chars";
const TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const USER = "user-1";

test("a sealed secret opens for its user and does not contain the secret", async () => {
  const keys = new KeyRing([SECRET]);
  const sealed = await sealTotpSecret(keys, { userId: USER, secret: TOTP_SECRET });
  assert.ok(!sealed.includes(TOTP_SECRET));
  assert.ok(!sealed.includes(USER));
  assert.equal(await openTotpSecret(keys, { userId: USER, sealed }), TOTP_SECRET);
});

test("sealing twice gives two different values (fresh IV)", async () => {
  const keys = new KeyRing([SECRET]);
  const a = await sealTotpSecret(keys, { userId: USER, secret: TOTP_SECRET });
  assert.notEqual(a, await sealTotpSecret(keys, { userId: USER, secret: TOTP_SECRET }));
});

test("another app secret cannot open it; a rotated-out secret can while it is listed", async () => {
  const sealed = await sealTotpSecret(new KeyRing([OLD]), { userId: USER, secret: TOTP_SECRET });
  assert.equal(await openTotpSecret(new KeyRing([SECRET]), { userId: USER, sealed }), null);
  assert.equal(await openTotpSecret(new KeyRing([SECRET, OLD]), { userId: USER, sealed }), TOTP_SECRET);
});

test("a secret sealed for one user does not open for another (a row copied across accounts)", async () => {
  const keys = new KeyRing([SECRET]);
  const sealed = await sealTotpSecret(keys, { userId: USER, secret: TOTP_SECRET });
  assert.equal(await openTotpSecret(keys, { userId: "user-2", sealed }), null);
});

test("tampered, garbage and unsealed values are null, never a throw", async () => {
  const keys = new KeyRing([SECRET]);
  const sealed = await sealTotpSecret(keys, { userId: USER, secret: TOTP_SECRET });
  const last = sealed.at(-2) === "A" ? "B" : "A";
  for (const bad of [
    `${sealed.slice(0, -2)}${last}${sealed.at(-1)}`,
    "gh.totp.garbage",
    "gh.totp.",
    TOTP_SECRET, // a plaintext secret is not accepted: there were never unsealed rows
    "",
  ]) {
    assert.equal(await openTotpSecret(keys, { userId: USER, sealed: bad }), null, bad);
  }
});

test("a distinct purpose: provider-token sealing and TOTP sealing cannot open each other's values", async () => {
  const keys = new KeyRing([SECRET]);
  const token = await sealToken(keys, TOTP_SECRET);
  const asTotp = `gh.totp.${token.slice("gh.enc.".length)}`;
  assert.equal(await openTotpSecret(keys, { userId: USER, sealed: asTotp }), null);
  const sealed = await sealTotpSecret(keys, { userId: USER, secret: TOTP_SECRET });
  assert.equal(await openToken(keys, `gh.enc.${sealed.slice("gh.totp.".length)}`), null);
});
