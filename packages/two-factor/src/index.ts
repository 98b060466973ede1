import type { TotpCodes } from "@gatehouse/core/two-factor";
import { qrSvg } from "./qr-svg.ts";
import { createTotpSecret, totpUri, verifyTotp } from "./totp.ts";

/**
 * Two-factor's codes for Gatehouse: TOTP (RFC 6238) on `otpauth` with the parameters every
 * authenticator app supports (HMAC-SHA-1, 6 digits, 30 s steps, one step either side), and the
 * enrolment QR code drawn inline by `uqr` (no image request, no QR service that would see the
 * secret).
 *
 * @example
 * import { gatehouse } from "@gatehouse/core";
 * import { totp } from "@gatehouse/two-factor";
 * export const auth = gatehouse({ …, adapter, twoFactor: { totp: totp(), issuer: "Acme" } });
 */
export function totp(): TotpCodes {
  return { createSecret: createTotpSecret, uri: totpUri, verify: verifyTotp, qrSvg };
}

export { TOTP_PERIOD_S } from "./totp.ts";
export { createTotpSecret, qrSvg, totpUri, verifyTotp };
