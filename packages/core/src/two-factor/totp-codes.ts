import { hasFunctions } from "../lib/has-functions.ts";

/**
 * The TOTP arithmetic and the enrolment QR code two-factor needs: a new secret, its `otpauth://` URI,
 * the check of a code, and the URI drawn as a QR code. Core keeps the rest of two-factor — sealed
 * secrets, single-use time steps, backup codes, the pending sign-in, pages and endpoints — and does
 * no OTP arithmetic itself: `@gatehouse/two-factor` provides these (on `otpauth` and `uqr`), so an
 * app without two-factor never loads them.
 *
 * @example
 * import { totp } from "@gatehouse/two-factor";
 * gatehouse({ …, twoFactor: { totp: totp(), issuer: "Acme" } });
 */
export interface TotpCodes {
  /** A new secret: 160 random bits, base32 (what authenticator apps read). */
  createSecret(): string;
  /** The `otpauth://totp/` URI an authenticator app enrols from. */
  uri(input: { secret: string; issuer: string; account: string }): string;
  /**
   * The time step `code` (six digits, cleaned by `normalizeTotpCode`) belongs to at `now` (ms), one
   * step either side, or null for a wrong code. The caller spends the step (`useTotpStep`).
   */
  verify(input: { secret: string; code: string; now: number }): number | null;
  /** The URI as a QR code: SVG markup of the shape `isPlainQrSvg` accepts (core checks it again). */
  qrSvg(text: string): string;
}

const METHODS = ["createSecret", "uri", "verify", "qrSvg"] as const;

/** Whether a value has the four functions (checked at start-up, with a message that says what to pass). */
export function isTotpCodes(value: unknown): value is TotpCodes {
  return hasFunctions(value, METHODS);
}

/**
 * A code as a person types it, cleaned: spaces removed (apps show `123 456`), then exactly six
 * digits, else null.
 */
export function normalizeTotpCode(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const code = input.replace(/\s/g, "");
  return /^[0-9]{6}$/.test(code) ? code : null;
}
