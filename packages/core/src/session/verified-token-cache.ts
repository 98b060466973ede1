import type { JWT } from "../config/options.ts";
import { CLOCK_TOLERANCE_S } from "../lib/defaults.ts";

/**
 * Remembers session cookies that already decrypted and verified, so a browser that sends the same
 * cookie again (every request until update age re-issues it) costs a map lookup, not an AES-GCM
 * decryption — which on Node is an asynchronous WebCrypto job through the thread pool.
 *
 * Why this is safe: the key is the whole compact JWE. A hit needs the exact bytes of a token that
 * authenticated under this instance's keys (GCM tag included), so nothing unverified ever comes out,
 * and a tampered token misses and is decrypted (and refused) as usual. Expiry is checked on every
 * hit. JWT sessions cannot be revoked before they expire with or without this cache; database
 * sessions never use it. Memory is bounded: past `max` entries (10,000 by default, about 7 MB) the
 * oldest goes first.
 */
export class VerifiedTokenCache {
  readonly #max: number;
  readonly #entries = new Map<string, Readonly<JWT>>();

  constructor(max = 10_000) {
    this.#max = max;
  }

  /** The claims of a token verified earlier and not yet expired at `now` (ms), else undefined. */
  get(token: string, now: number): Readonly<JWT> | undefined {
    const claims = this.#entries.get(token);
    if (claims === undefined) return undefined;
    if (!isFresh(claims, now)) {
      this.#entries.delete(token);
      return undefined;
    }
    return claims;
  }

  /** Keeps claims that just verified. Tokens not valid by expiry alone (e.g. with `nbf`) are not kept. */
  set(token: string, claims: JWT, now: number): void {
    if (claims.nbf !== undefined || !isFresh(claims, now) || this.#max <= 0) return;
    if (this.#entries.size >= this.#max) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    // Keys a copy that owns its characters: the token is usually a slice of the request's whole
    // Cookie header, and a slice keeps that header (every other cookie in it) alive for as long as
    // the entry lives. Measured (bench/cache-entry-bytes.ts, bench/PROFILE.md § Memory): an entry
    // held 891 bytes with the bench's cookies and 2,986 with 2 KB of other cookies; with the copy,
    // about 700 whatever else the header holds. The copy is a concatenation, flattened by the slice
    // into a string of the token's length plus one: ~0.24 µs, where structuredClone took ~1.1 µs
    // (issue 23: every read of a jwt session not seen before pays it).
    this.#entries.set(ownCopy(token), Object.freeze(claims));
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** `text` in a string of its own (not a slice of a longer one), for a key that outlives the request. */
function ownCopy(text: string): string {
  return ` ${text}`.slice(1);
}

/** The decrypting check's expiry rule, with its clock tolerance: a hit is never fresher than a decryption. */
function isFresh(claims: JWT, now: number): boolean {
  return typeof claims.exp === "number" && claims.exp > now / 1000 - CLOCK_TOLERANCE_S;
}
