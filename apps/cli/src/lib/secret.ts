/** Bytes of randomness in a secret: 256 bits, 43 base64url characters. */
const SECRET_BYTES = 32;

/**
 * A fresh secret for `AUTH_SECRET`: 32 bytes from `crypto.getRandomValues`, base64url without
 * padding (43 characters, safe unquoted in a `.env` file and a shell). `random` is injectable for tests.
 *
 * @example const secret = generateSecret();
 */
export function generateSecret(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  return Buffer.from(random(new Uint8Array(SECRET_BYTES))).toString("base64url");
}
