import { ConfigError } from "../errors/config-error.ts";
import { type Argon2idInput, type Argon2idLoader, loadArgon2id } from "./argon2id-backend.ts";
import type { PasswordCheck } from "./password-hasher.ts";
import { type Phc, parseInteger, toBase64 } from "./phc.ts";

/** Parameters of new argon2id hashes; every field defaults to OWASP's first recommendation. */
export interface Argon2idOptions {
  /** Memory in KiB; default 19456 (19 MiB). */
  memory?: number;
  /** Passes over memory; default 2. */
  passes?: number;
  /** Lanes; default 1. */
  parallelism?: number;
  /** Salt bytes; default 16. */
  saltLength?: number;
  /** Output bytes; default 32. */
  hashLength?: number;
  /** Randomness for the salt, injectable for tests; default `crypto.getRandomValues`. */
  random?: (length: number) => Uint8Array;
}

export interface Argon2idParameters {
  memory: number;
  passes: number;
  parallelism: number;
  saltLength: number;
  hashLength: number;
}

/** OWASP Password Storage Cheat Sheet: m=19456 (19 MiB), t=2, p=1. */
export const argon2idDefaults: Readonly<Argon2idParameters> = Object.freeze({
  memory: 19456,
  passes: 2,
  parallelism: 1,
  saltLength: 16,
  hashLength: 32,
});

/**
 * Ceilings for configured *and stored* parameters. A stored hash is data: a row written with
 * m=4 GiB or t=10⁶ must not make one sign-in attempt exhaust the server, so anything above these is
 * refused before any hashing is done.
 */
export const argon2idLimits = Object.freeze({
  memory: 262144, // 256 MiB
  passes: 16,
  parallelism: 16,
  saltLength: 64,
  hashLength: 64,
});

const VERSION = 0x13;

/** Validates options into parameters; throws `ConfigError` for values that cannot work. */
export function argon2idParameters(options: Argon2idOptions = {}): Argon2idParameters {
  const parameters = { ...argon2idDefaults };
  for (const key of Object.keys(argon2idDefaults) as (keyof Argon2idParameters)[]) {
    const value = options[key];
    if (value === undefined) continue;
    const min = key === "saltLength" || key === "hashLength" ? 16 : 1;
    if (!Number.isSafeInteger(value) || value < min || value > argon2idLimits[key]) {
      throw new ConfigError(
        `Password hashing: ${key} must be an integer from ${min} to ${argon2idLimits[key]}, got ${String(value)}.`,
      );
    }
    parameters[key] = value;
  }
  // RFC 9106 §3.1: memory is at least 8 KiB per lane.
  if (parameters.memory < 8 * parameters.parallelism) {
    throw new ConfigError(
      `Password hashing: memory must be at least 8 KiB per lane (${8 * parameters.parallelism} for parallelism ${parameters.parallelism}), got ${parameters.memory}.`,
    );
  }
  return parameters;
}

/** What the KDF is given: the password as its UTF-8 bytes, the salt, the cost, the output length. */
function kdfInput(
  password: string,
  salt: Uint8Array,
  parameters: Omit<Argon2idParameters, "saltLength">,
): Argon2idInput {
  return {
    message: password,
    nonce: salt,
    memory: parameters.memory,
    passes: parameters.passes,
    parallelism: parameters.parallelism,
    tagLength: parameters.hashLength,
  };
}

/**
 * Hashes a password with argon2id into a PHC string: with `node:crypto` where it has argon2 (Node.js
 * ≥ 24.7, Bun 1.4), else with `@gatehouse/argon2id` (pure JavaScript: Node 22, Deno, Workers), which
 * computes the same key, so the string verifies on either.
 *
 * The password is hashed as given (its UTF-8 bytes). Unicode normalisation (NFKC) and length rules
 * are the password policy's job, applied before both hashing and verifying — a hasher that
 * normalised on its own would silently disagree with hashes imported from one that does not.
 *
 * @example
 * const stored = await hashPassword("correct horse battery staple");
 * // "$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>"
 */
export function hashPassword(password: string, options?: Argon2idOptions): Promise<string> {
  return hashArgon2id(loadArgon2id, password, options);
}

/** `hashPassword` with the argon2id implementation `load` gives. */
export async function hashArgon2id(
  load: Argon2idLoader,
  password: string,
  options?: Argon2idOptions,
): Promise<string> {
  if (typeof password !== "string") throw new ConfigError("hashPassword: the password must be a string.");
  const parameters = argon2idParameters(options);
  // A runtime that cannot hash says so before anything else happens.
  const backend = await load();
  const salt = (options?.random ?? ((n) => crypto.getRandomValues(new Uint8Array(n))))(parameters.saltLength);
  if (!(salt instanceof Uint8Array) || salt.byteLength !== parameters.saltLength) {
    throw new ConfigError(`hashPassword: random must return ${parameters.saltLength} bytes.`);
  }
  const hash = await backend.derive(kdfInput(password, salt, parameters));
  const { memory: m, passes: t, parallelism: p } = parameters;
  return `$argon2id$v=${VERSION}$m=${m},t=${t},p=${p}$${toBase64(salt)}$${toBase64(hash)}`;
}

/** Verifies against a parsed `$argon2id$` PHC string; `{ ok: false }` for anything unusable. */
export async function verifyArgon2id(
  password: string,
  phc: Phc,
  configured: Argon2idParameters,
  load: Argon2idLoader = loadArgon2id,
): Promise<PasswordCheck> {
  const no = { ok: false, needsRehash: false };
  if (phc.id !== "argon2id" || phc.version !== VERSION) return no;
  // Only m, t and p: `keyid` and `data` would need a secret or associated data we do not hold.
  if (phc.params.size !== 3) return no;
  const m = parseInteger(phc.params.get("m"));
  const t = parseInteger(phc.params.get("t"));
  const p = parseInteger(phc.params.get("p"));
  if (m === null || t === null || p === null) return no;
  if (p < 1 || p > argon2idLimits.parallelism || t < 1 || t > argon2idLimits.passes) return no;
  if (m < 8 * p || m > argon2idLimits.memory) return no;
  if (phc.salt.byteLength < 8 || phc.salt.byteLength > argon2idLimits.saltLength) return no;
  if (phc.hash.byteLength < 16 || phc.hash.byteLength > argon2idLimits.hashLength) return no;
  const backend = await load();
  const key = await backend.derive(
    kdfInput(password, phc.salt, { memory: m, passes: t, parallelism: p, hashLength: phc.hash.byteLength }),
  );
  if (!backend.equal(key, phc.hash)) return no;
  const needsRehash =
    m < configured.memory ||
    t < configured.passes ||
    p < configured.parallelism ||
    phc.salt.byteLength < configured.saltLength ||
    phc.hash.byteLength < configured.hashLength;
  return { ok: true, needsRehash };
}
