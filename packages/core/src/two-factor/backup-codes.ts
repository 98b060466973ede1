import { ConfigError } from "../errors/config-error.ts";
import { toHex, utf8 } from "../lib/encoding.ts";
import type { KeyRing } from "../lib/key-ring.ts";

/**
 * Backup codes: ten single-use codes for when the phone is lost, shown once and stored only as
 * keyed hashes.
 *
 * - **Readable.** Ten characters from 31 that cannot be mistaken for one another (no `0 o 1 l i`),
 *   shown as `xxxxx-xxxxx`; case, spaces and hyphens do not matter when typed back. That is 49 bits
 *   each — far beyond guessing at the rate the sign-in limits allow, and each code works once.
 * - **Keyed hash, not a password hash.** HMAC-SHA-256 under a key-ring MAC key of its own purpose:
 *   the codes are random, so a slow hash would add nothing, and the key makes a stolen table
 *   useless without the app's secret (no offline guessing at all). The user id is part of the
 *   hashed input, so hashes copied onto another account do not work there.
 * - **Single use in storage.** Storage holds the hashes and answers `useBackupCode(userId, hash)`
 *   in one statement; a code is compared by its hash, never read back.
 * - **Rotation.** A code hashed under an older app secret still works while that secret is listed:
 *   `redeemBackupCode` tries the hash under each configured secret.
 */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
/** Codes made at once (enrolment, and each regeneration, which replaces all of them). */
export const BACKUP_CODE_COUNT = 10;
const LENGTH = 10;
const PURPOSE = "gatehouse.backup-code";
/** The largest multiple of the alphabet's size below 256: bytes from it up are dropped, so no character is likelier. */
const UNBIASED_BELOW = 256 - (256 % ALPHABET.length);

/**
 * Ten new backup codes, as the person is shown them (`xxxxx-xxxxx`). Store their hashes
 * (`hashBackupCode`) with `replaceBackupCodes`, show the codes once, and keep them nowhere.
 * `random` is for tests; it must fill the array it is given, as `crypto.getRandomValues` does.
 *
 * @example const codes = createBackupCodes() // ["k7mfq-2xhtn", …]
 */
export function createBackupCodes(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string[] {
  const codes = new Set<string>();
  while (codes.size < BACKUP_CODE_COUNT) {
    let code = "";
    while (code.length < LENGTH) {
      for (const byte of random(new Uint8Array(LENGTH * 2))) {
        if (byte < UNBIASED_BELOW && code.length < LENGTH) code += ALPHABET[byte % ALPHABET.length];
      }
    }
    codes.add(`${code.slice(0, 5)}-${code.slice(5)}`);
  }
  return [...codes];
}

/**
 * A typed code in its stored form: lower case, without spaces and hyphens, exactly ten characters
 * of the alphabet — else null, for anything that cannot be a backup code.
 */
export function normalizeBackupCode(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const code = input.toLowerCase().replace(/[\s-]/g, "");
  if (code.length !== LENGTH) return null;
  for (const char of code) if (!ALPHABET.includes(char)) return null;
  return code;
}

/**
 * The hash to store for one of the user's codes (under the first configured secret). Takes the
 * code in any form `normalizeBackupCode` accepts; anything else is a programming error and throws.
 *
 * @example
 * const hashes = await Promise.all(codes.map((code) => hashBackupCode(config.keys, { userId, code })))
 * await adapter.replaceBackupCodes(userId, hashes)
 */
export async function hashBackupCode(
  keys: KeyRing,
  input: { userId: string; code: string },
): Promise<string> {
  const [first] = await backupCodeHashes(keys, input);
  if (first === undefined) throw new ConfigError("No secret is configured.");
  return first;
}

/**
 * Uses one of the user's backup codes as typed: true once for each code the user holds; false for
 * a malformed, unknown or already used code. `use` is storage's `useBackupCode` for this user.
 *
 * @example
 * const ok = await redeemBackupCode(config.keys, {
 *   userId: user.id,
 *   code: ctx.body.code,
 *   use: (hash) => adapter.useBackupCode(user.id, hash),
 * })
 */
export async function redeemBackupCode(
  keys: KeyRing,
  input: { userId: string; code: unknown; use: (codeHash: string) => Promise<boolean> },
): Promise<boolean> {
  const code = normalizeBackupCode(input.code);
  if (code === null) return false;
  for (const hash of await backupCodeHashes(keys, { userId: input.userId, code })) {
    if (await input.use(hash)) return true;
  }
  return false;
}

/**
 * Whether a refused code is one of the user's that was already used (`used`: the adapter's
 * `backupCodeUsed`), under any configured secret. False for anything that is not a backup code.
 */
export async function backupCodeWasUsed(
  keys: KeyRing,
  input: { userId: string; code: unknown; used: (codeHash: string) => Promise<boolean> },
): Promise<boolean> {
  const code = normalizeBackupCode(input.code);
  if (code === null) return false;
  for (const hash of await backupCodeHashes(keys, { userId: input.userId, code })) {
    if (await input.used(hash)) return true;
  }
  return false;
}

/** The code's hash under each configured secret, first secret first. */
async function backupCodeHashes(keys: KeyRing, input: { userId: string; code: string }): Promise<string[]> {
  const code = normalizeBackupCode(input.code);
  if (code === null)
    throw new TypeError("Not a backup code: expected ten characters of the backup-code alphabet.");
  // A code has a fixed length and no newline, so no two (user, code) pairs make the same string.
  const data = utf8.encode(`${input.userId}\n${code}`);
  const hashes: string[] = [];
  for (const { key } of await keys.macKeys(PURPOSE)) {
    hashes.push(toHex(new Uint8Array(await crypto.subtle.sign("HMAC", key, data))));
  }
  return hashes;
}
