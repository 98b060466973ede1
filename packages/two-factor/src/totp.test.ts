import assert from "node:assert/strict";
import { test } from "node:test";
import { normalizeTotpCode } from "@gatehouse/core/two-factor";
import { Secret, TOTP, URI } from "otpauth";
import { createTotpSecret, TOTP_PERIOD_S, totpUri, verifyTotp } from "./totp.ts";

const NOW = Date.UTC(2030, 0, 1, 12, 0, 10);
const STEP_MS = TOTP_PERIOD_S * 1000;
const STEP = Math.floor(NOW / STEP_MS);
/** A fixed secret, so every code below is the same on every run. */
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** The code an authenticator app shows at `at`, computed with otpauth from the secret. */
function codeAt(secret: string, at: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: at,
  });
}

test("a secret is 160 random bits in base32", () => {
  const secret = createTotpSecret();
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.equal(Secret.fromBase32(secret).bytes.length, 20);
  assert.notEqual(createTotpSecret(), secret);
});

test("the URI is what authenticator apps read: SHA1, 6 digits, 30 s, issuer in label and parameter", () => {
  const secret = createTotpSecret();
  const uri = totpUri({ secret, issuer: "Acme", account: "ada@example.com" });
  assert.ok(uri.startsWith("otpauth://totp/Acme:ada%40example.com?"));
  const params = new URL(uri).searchParams;
  assert.equal(params.get("issuer"), "Acme");
  assert.equal(params.get("secret"), secret);
  const parsed = URI.parse(uri);
  assert.ok(parsed instanceof TOTP);
  assert.equal(parsed.algorithm, "SHA1");
  assert.equal(parsed.digits, 6);
  assert.equal(parsed.period, 30);
  assert.equal(parsed.label, "ada@example.com");
  assert.equal(parsed.secret.base32, secret);
});

test("RFC 6238 test vector (SHA-1 secret, T = 59 s): 94287082, of which an app shows 287082", () => {
  const secret = Secret.fromLatin1("12345678901234567890").base32;
  assert.equal(verifyTotp({ secret, code: "287082", now: 59_000 }), 1);
});

test("the current code answers the current step", () => {
  const secret = SECRET;
  assert.equal(verifyTotp({ secret, code: codeAt(secret, NOW), now: NOW }), STEP);
});

test("one step either side is accepted and answers its own step; two steps are not", () => {
  const secret = SECRET;
  assert.equal(verifyTotp({ secret, code: codeAt(secret, NOW - STEP_MS), now: NOW }), STEP - 1);
  assert.equal(verifyTotp({ secret, code: codeAt(secret, NOW + STEP_MS), now: NOW }), STEP + 1);
  const window = [-1, 0, 1].map((d) => codeAt(secret, NOW + d * STEP_MS));
  for (const at of [NOW - 2 * STEP_MS, NOW + 2 * STEP_MS]) {
    const code = codeAt(secret, at);
    assert.ok(!window.includes(code)); // the fixed secret's codes differ, so the check below means something
    assert.equal(verifyTotp({ secret, code, now: NOW }), null);
  }
});

test("the step follows the clock: the last millisecond of a step and the first of the next", () => {
  const secret = SECRET;
  const start = STEP * STEP_MS;
  const code = codeAt(secret, start);
  assert.equal(verifyTotp({ secret, code, now: start + STEP_MS - 1 }), STEP);
  assert.equal(verifyTotp({ secret, code, now: start + STEP_MS }), STEP); // now the previous step
});

test("a wrong code, or another secret's code, is null", () => {
  const right = codeAt(SECRET, NOW);
  const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
  assert.ok(![-1, 0, 1].some((d) => codeAt(SECRET, NOW + d * STEP_MS) === wrong));
  assert.equal(verifyTotp({ secret: SECRET, code: wrong, now: NOW }), null);
  const other = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";
  assert.ok(![-1, 0, 1].some((d) => codeAt(SECRET, NOW + d * STEP_MS) === codeAt(other, NOW)));
  assert.equal(verifyTotp({ secret: SECRET, code: codeAt(other, NOW), now: NOW }), null);
});

test("input as typed: spaces are removed; anything but exactly six digits is null", () => {
  const secret = SECRET;
  const code = codeAt(secret, NOW);
  assert.equal(verifyTotp({ secret, code: `${code.slice(0, 3)} ${code.slice(3)}`, now: NOW }), STEP);
  assert.equal(verifyTotp({ secret, code: ` ${code}\n`, now: NOW }), STEP);
  for (const bad of [
    code.slice(1),
    `${code}0`,
    `${code.slice(0, 3)}-${code.slice(3)}`,
    "12345a",
    "",
    undefined,
    123456,
  ]) {
    assert.equal(verifyTotp({ secret, code: bad, now: NOW }), null, String(bad));
  }
  assert.equal(normalizeTotpCode("１２３４５６"), null); // full-width digits are not digits here
  assert.equal(normalizeTotpCode("123 456"), "123456");
});
