import { argon2idAsync } from "@noble/hashes/argon2.js";

/**
 * The inputs of argon2id (RFC 9106), named as `node:crypto`'s `argon2("argon2id", parameters)` names
 * them, so that one parameters object can go to either.
 */
export interface Argon2idParameters {
  /** The password. A string is hashed as its UTF-8 bytes, as `node:crypto` does. */
  message: string | Uint8Array;
  /** The salt: at least 8 bytes. */
  nonce: Uint8Array;
  /** Memory in KiB: at least 8 per lane, at most 1 GiB. */
  memory: number;
  /** Passes over the memory: at least 1. */
  passes: number;
  /** Lanes: at least 1. The lanes are computed one after the other (JavaScript has one thread). */
  parallelism: number;
  /** Bytes of output: at least 4. */
  tagLength: number;
  /** The optional secret key (RFC 9106's K). */
  secret?: Uint8Array;
  /** The optional associated data (RFC 9106's X). */
  associatedData?: Uint8Array;
}

/**
 * argon2id, version 0x13, in pure JavaScript (`@noble/hashes`, audited, no native addon, no
 * WebAssembly): the key `node:crypto`'s `argon2()` computes for the same parameters, on runtimes
 * that have none (Node < 24.7, Deno, Cloudflare Workers, browsers).
 *
 * The work runs on the calling thread, in slices of at most 10 ms between which it yields to the
 * event loop: a hash takes much longer than with `node:crypto` (which runs native code on libuv's
 * thread pool), but it never blocks a server's other requests for longer than a slice.
 *
 * Invalid parameters (a salt under 8 bytes, memory under 8 KiB per lane or over 1 GiB, zero passes)
 * reject the promise with an `Error`, before any work.
 *
 * @example
 * const key = await argon2id({ message: "password", nonce: salt, memory: 19456, passes: 2, parallelism: 1, tagLength: 32 });
 */
export function argon2id(parameters: Argon2idParameters): Promise<Uint8Array> {
  const { message, nonce, memory, passes, parallelism, tagLength, secret, associatedData } = parameters;
  return argon2idAsync(message, nonce, {
    m: memory,
    t: passes,
    p: parallelism,
    dkLen: tagLength,
    version: 0x13,
    ...(secret ? { key: secret } : {}),
    ...(associatedData ? { personalization: associatedData } : {}),
  });
}
