import { ConfigError } from "../errors/config-error.ts";
import {
  type Argon2idOptions,
  type Argon2idParameters,
  argon2idParameters,
  hashArgon2id,
  verifyArgon2id,
} from "./argon2id.ts";
import { type Argon2idLoader, loadArgon2id } from "./argon2id-backend.ts";
import {
  verifyBcrypt,
  verifyBetterAuthScrypt,
  verifyDjangoPbkdf2,
  verifyPbkdf2Phc,
  verifyScryptPhc,
} from "./imported-hashes.ts";
import type { PasswordCheck, PasswordHasher } from "./password-hasher.ts";
import { parsePhc } from "./phc.ts";

const NO: PasswordCheck = Object.freeze({ ok: false, needsRehash: false });

/**
 * Checks a password against a stored hash: argon2id PHC strings, and hashes imported from other
 * systems (Better Auth's scrypt `salt:key`, passlib's `$scrypt$` and `$pbkdf2-sha256$`, Django's
 * `pbkdf2_sha256$`, bcrypt `$2a$`/`$2b$`/`$2y$`). A malformed, unknown or oversized stored hash is
 * `{ ok: false }`, never an exception. `needsRehash` is true for every non-argon2id hash and for
 * argon2id with weaker parameters than `options` (the defaults unless given).
 *
 * The password is compared as given: NFKC normalisation is the password policy's job.
 *
 * @example
 * const { ok, needsRehash } = await verifyPassword(password, user.passwordHash);
 * if (ok && needsRehash) await saveHash(user, await hashPassword(password));
 */
export function verifyPassword(
  password: string,
  stored: string,
  options?: Argon2idOptions,
): Promise<PasswordCheck> {
  return verifyWith(loadArgon2id, password, stored, options);
}

/** `verifyPassword` with the argon2id implementation `load` gives. */
async function verifyWith(
  load: Argon2idLoader,
  password: string,
  stored: string,
  options?: Argon2idOptions,
): Promise<PasswordCheck> {
  // Misuse (bad options) throws, like hashPassword; a bad stored hash is a value.
  const configured = argon2idParameters(options);
  if (typeof password !== "string" || typeof stored !== "string") return NO;
  try {
    return await check(load, password, stored, configured);
  } catch (error) {
    // A missing runtime capability is misuse and must be seen; a KDF refusing odd input is not.
    if (error instanceof ConfigError) throw error;
    return NO;
  }
}

async function check(
  load: Argon2idLoader,
  password: string,
  stored: string,
  configured: Argon2idParameters,
): Promise<PasswordCheck> {
  const imported = (ok: boolean | null): PasswordCheck => (ok ? { ok: true, needsRehash: true } : NO);
  if (stored.startsWith("$2")) return imported(await verifyBcrypt(password, stored));
  if (stored.startsWith("pbkdf2_")) return imported(await verifyDjangoPbkdf2(password, stored));
  if (!stored.startsWith("$")) return imported(await verifyBetterAuthScrypt(password, stored));
  const phc = parsePhc(stored);
  if (!phc) return NO;
  if (phc.id === "argon2id") return verifyArgon2id(password, phc, configured, load);
  if (phc.id === "scrypt") return imported(await verifyScryptPhc(password, phc));
  if (phc.id.startsWith("pbkdf2-")) return imported(await verifyPbkdf2Phc(password, phc));
  return NO;
}

/**
 * The default `PasswordHasher`: argon2id for new hashes, `verifyPassword` for stored ones, on every
 * runtime (`node:crypto`'s argon2 where there is one, `@gatehouse/argon2id` elsewhere: the same PHC
 * strings). Options are validated here, at configuration time.
 *
 * @example
 * const hasher = createPasswordHasher({ memory: 47104, passes: 1 });
 */
export function createPasswordHasher(options?: Argon2idOptions): PasswordHasher {
  return passwordHasherWith(loadArgon2id, options);
}

/** `createPasswordHasher` with the argon2id implementation `load` gives (see `selectArgon2id`). */
export function passwordHasherWith(load: Argon2idLoader, options?: Argon2idOptions): PasswordHasher {
  argon2idParameters(options);
  return {
    hash: (password) => hashArgon2id(load, password, options),
    verify: (password, stored) => verifyWith(load, password, stored, options),
  };
}
