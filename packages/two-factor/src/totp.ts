import { normalizeTotpCode } from "@gatehouse/core/two-factor";
import { Secret, TOTP } from "otpauth";

/**
 * TOTP (RFC 6238) with the parameters every authenticator app supports: HMAC-SHA-1, 6 digits, 30 s
 * steps. Other values (SHA-256, 8 digits) are ignored by Google Authenticator and others, which then
 * show codes that never match, so they are fixed here rather than options. SHA-1 is not a weakness
 * here: HOTP relies on HMAC-SHA-1 as a PRF, which collisions in SHA-1 do not break.
 *
 * The OTP arithmetic is otpauth's (never hand-written); this file only fixes its parameters, cleans
 * the input and turns its answer into a time step, which is what the replay rule needs.
 */
const ALGORITHM = "SHA1";
const DIGITS = 6;
/** Seconds per time step. */
export const TOTP_PERIOD_S = 30;
/**
 * Steps accepted either side of now: ±1 (±30 s) covers clock drift and a code typed as it rolls
 * over, and keeps a guess's odds at 3 in a million.
 */
const WINDOW = 1;
/** 160 bits: the HMAC-SHA-1 key length RFC 4226 recommends. */
const SECRET_BYTES = 20;

/**
 * A new TOTP secret: 160 random bits, base32 (32 characters, no padding) — the form authenticator
 * apps read from a QR code or take typed in. Core seals it before storing.
 *
 * @example const secret = createTotpSecret() // "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
 */
export function createTotpSecret(): string {
  return new Secret({ buffer: crypto.getRandomValues(new Uint8Array(SECRET_BYTES)).buffer }).base32;
}

/**
 * The `otpauth://totp/` URI an authenticator app enrols from (the Key URI Format: label
 * `issuer:account`, and `issuer` again as a parameter, which apps prefer).
 *
 * @example qrSvg(totpUri({ secret, issuer: "Acme", account: user.email }))
 */
export function totpUri(input: { secret: string; issuer: string; account: string }): string {
  return new TOTP({
    issuer: input.issuer,
    label: input.account,
    secret: Secret.fromBase32(input.secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: TOTP_PERIOD_S,
  }).toString();
}

/**
 * Checks a code against the secret at `now` (ms since the epoch), one step either side. Answers the
 * time step the code belongs to, or null for a wrong or malformed code.
 *
 * A right code is not yet an accepted one: the caller must then record the step with storage's
 * atomic `useTotpStep(userId, step)` and accept the code only when that answers true. That is what
 * makes a code single use — also when two requests carry it at once, to two app instances — since
 * it refuses a step that is not greater than the last one used. Guesses are the caller's to limit
 * too: three codes in a million pass, so failures must be counted per user (the lockout).
 * `secret` is the opened base32 secret; anything else is a programming error and throws.
 *
 * @example
 * const step = verifyTotp({ secret, code: ctx.body.code, now: ctx.now })
 * const ok = step !== null && (await adapter.useTotpStep(user.id, step))
 */
export function verifyTotp(input: { secret: string; code: unknown; now: number }): number | null {
  const token = normalizeTotpCode(input.code);
  if (token === null) return null;
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(input.secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: TOTP_PERIOD_S,
    timestamp: input.now,
    window: WINDOW,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_S, timestamp: input.now }) + delta;
}
