import { ConfigError } from "../errors/config-error.ts";
import { fromHex } from "../lib/encoding.ts";
import { constantTimeEqual, nodeCrypto } from "./node-crypto.ts";
import { fromBase64, type Phc, parseInteger } from "./phc.ts";

/**
 * Hashes imported from other systems, verified so that their users can sign in once and be
 * rehashed to argon2id (the caller sees `needsRehash: true`). Every verifier answers `false` for a
 * hash it cannot use and refuses parameters above fixed ceilings before computing anything: a
 * stored hash is data and must not choose how much CPU or memory a sign-in attempt costs.
 */

type NodeCrypto = NonNullable<typeof nodeCrypto>;

function node(): NodeCrypto {
  if (!nodeCrypto) {
    throw new ConfigError(
      "Verifying imported scrypt and PBKDF2 password hashes needs node:crypto. On this runtime, configure a custom PasswordHasher instead.",
    );
  }
  return nodeCrypto;
}

const SCRYPT_MAX_MEMORY = 256 * 1024 * 1024;
const PBKDF2_MAX_ITERATIONS = 3_000_000;
const BCRYPT_MAX_COST = 14;

function scrypt(
  password: string | Uint8Array,
  salt: Uint8Array,
  N: number,
  r: number,
  p: number,
  length: number,
) {
  const crypto = node();
  return new Promise<Uint8Array>((resolve, reject) =>
    crypto.scrypt(password, salt, length, { N, r, p, maxmem: 128 * N * r * 2 + 128 * r * p }, (error, key) =>
      error ? reject(error) : resolve(new Uint8Array(key)),
    ),
  );
}

function scryptParametersOk(N: number, r: number, p: number): boolean {
  const powerOfTwo = N >= 2 && (N & (N - 1)) === 0;
  return powerOfTwo && r >= 1 && r <= 32 && p >= 1 && p <= 16 && 128 * N * r * p <= SCRYPT_MAX_MEMORY;
}

/**
 * Better Auth's format (packages/better-auth/src/crypto/password.ts): `<salt>:<key>`, a 16-byte
 * salt as 32 hex digits and a 64-byte key as 128 hex digits; scrypt with N=16384, r=16, p=1. Two
 * quirks, both reproduced: the salt passed to scrypt is the hex *text* (its 32 ASCII bytes), not the
 * bytes it encodes; and Better Auth NFKC-normalises the password itself, so this verifier does too
 * (idempotent if the policy already did).
 */
export async function verifyBetterAuthScrypt(password: string, stored: string): Promise<boolean | null> {
  const match = /^([0-9a-f]{32}):([0-9a-f]{128})$/.exec(stored);
  if (!match) return null;
  const expected = fromHex(match[2]!)!;
  const key = await scrypt(password.normalize("NFKC"), new TextEncoder().encode(match[1]!), 16384, 16, 1, 64);
  return constantTimeEqual(node(), key, expected);
}

/** passlib's scrypt PHC string: `$scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<hash>`. */
export async function verifyScryptPhc(password: string, phc: Phc): Promise<boolean> {
  const ln = parseInteger(phc.params.get("ln"));
  const r = parseInteger(phc.params.get("r"));
  const p = parseInteger(phc.params.get("p"));
  if (phc.params.size !== 3 || ln === null || r === null || p === null || ln > 30) return false;
  const N = 2 ** ln;
  if (!scryptParametersOk(N, r, p) || !lengthOk(phc)) return false;
  const key = await scrypt(password, phc.salt, N, r, p, phc.hash.byteLength);
  return constantTimeEqual(node(), key, phc.hash);
}

const PBKDF2_DIGESTS: Record<string, string> = { sha1: "sha1", sha256: "sha256", sha512: "sha512" };

function pbkdf2(password: string, salt: Uint8Array, iterations: number, length: number, digest: string) {
  const crypto = node();
  return new Promise<Uint8Array>((resolve, reject) =>
    crypto.pbkdf2(password, salt, iterations, length, digest, (error, key) =>
      error ? reject(error) : resolve(new Uint8Array(key)),
    ),
  );
}

/** passlib's `$pbkdf2-sha256$<rounds>$<salt>$<hash>` (also `-sha1`, `-sha512`, and `i=<rounds>`). */
export async function verifyPbkdf2Phc(password: string, phc: Phc): Promise<boolean> {
  const digest = PBKDF2_DIGESTS[phc.id.slice("pbkdf2-".length)];
  const rounds = phc.params.size === 1 ? (phc.params.get("rounds") ?? phc.params.get("i")) : undefined;
  const iterations = parseInteger(rounds);
  if (!digest || iterations === null || iterations < 1 || iterations > PBKDF2_MAX_ITERATIONS) return false;
  if (!lengthOk(phc)) return false;
  const key = await pbkdf2(password, phc.salt, iterations, phc.hash.byteLength, digest);
  return constantTimeEqual(node(), key, phc.hash);
}

/**
 * Django's `pbkdf2_sha256$<iterations>$<salt>$<hash>` (and `pbkdf2_sha1`): the salt is used as its
 * text, the hash is padded standard base64.
 */
export async function verifyDjangoPbkdf2(password: string, stored: string): Promise<boolean | null> {
  const match = /^pbkdf2_(sha1|sha256)\$([0-9]{1,10})\$([^$]{1,128})\$([A-Za-z0-9+/]{22,88}={0,2})$/.exec(
    stored,
  );
  if (!match) return null;
  const iterations = parseInteger(match[2]);
  const expected = fromBase64(match[4]!);
  if (!expected || iterations === null || iterations < 1 || iterations > PBKDF2_MAX_ITERATIONS) return false;
  if (expected.byteLength < 16 || expected.byteLength > 64) return false;
  const salt = new TextEncoder().encode(match[3]!);
  const key = await pbkdf2(password, salt, iterations, expected.byteLength, match[1]!);
  return constantTimeEqual(node(), key, expected);
}

/**
 * bcrypt (`$2a$`, `$2b$`, `$2y$`) through bcryptjs (pure JavaScript, no native addon), imported
 * only when such a hash is met. It is an optional peer dependency: core installs jose and
 * oauth4webapi only, and an app that imports bcrypt hashes installs bcryptjs (a ConfigError says
 * so). bcrypt reads at most 72 bytes of the password; that was already true when the hash was made.
 */
export async function verifyBcrypt(password: string, stored: string): Promise<boolean | null> {
  const match = /^\$2[aby]\$([0-9]{2})\$[./A-Za-z0-9]{53}$/.exec(stored);
  if (!match) return null;
  const cost = Number(match[1]);
  if (cost < 4 || cost > BCRYPT_MAX_COST) return false;
  const bcrypt = await loadBcrypt();
  try {
    return await bcrypt.compare(password, stored);
  } catch {
    return false;
  }
}

function lengthOk(phc: Phc): boolean {
  const { salt, hash } = phc;
  return salt.byteLength >= 8 && salt.byteLength <= 64 && hash.byteLength >= 16 && hash.byteLength <= 64;
}

async function loadBcrypt(): Promise<typeof import("bcryptjs").default> {
  try {
    return (await import("bcryptjs")).default;
  } catch (cause) {
    throw new ConfigError(
      "Gatehouse: a stored password hash is bcrypt, and verifying it needs the optional package bcryptjs: npm install bcryptjs.",
      { cause },
    );
  }
}
