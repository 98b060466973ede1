/**
 * `@gatehouse/core/two-factor`: what a TOTP implementation (`@gatehouse/two-factor`) builds on — the
 * interface core calls, the cleaning of a typed code, and the one QR markup shape a page inlines.
 */
export { isPlainQrSvg } from "./plain-qr-svg.ts";
export { isTotpCodes, normalizeTotpCode, type TotpCodes } from "./totp-codes.ts";
