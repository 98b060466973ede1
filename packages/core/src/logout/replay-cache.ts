import { CLOCK_TOLERANCE_S } from "../lib/defaults.ts";
import { LOGOUT_TOKEN_MAX_AGE_S } from "./logout-token.ts";

/**
 * Logout-token `jti`s seen recently, so a captured token cannot be replayed. Bounded twice: an entry
 * lives only as long as a token with that `jti` could still pass the age check (`ttlMs`), and at most
 * `maxEntries` are kept — when full, the oldest goes first. Only the provider can mint tokens that get
 * this far (the signature is checked first), so the bound protects memory, not the replay rule.
 */
export class ReplayCache {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  /** key → expiry (ms); a Map iterates in insertion order, so the first entry is the oldest. */
  readonly #seen = new Map<string, number>();

  constructor(options: { ttlMs: number; maxEntries: number }) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
  }

  /**
   * Records `key` and returns true the first time; false when it was seen within the last `ttlMs`.
   *
   * @example if (!replays.firstUse(`${iss} ${jti}`, now)) return refuse("replayed")
   */
  firstUse(key: string, now: number): boolean {
    for (const [oldest, expires] of this.#seen) {
      if (expires > now && this.#seen.size < this.#maxEntries) break;
      this.#seen.delete(oldest);
    }
    const expires = this.#seen.get(key);
    if (expires !== undefined && expires > now) return false;
    this.#seen.set(key, now + this.#ttlMs);
    return true;
  }

  get size(): number {
    return this.#seen.size;
  }
}

/**
 * A `jti` is remembered for as long as its token could still pass the age check: the maximum age plus
 * the clock tolerance on either side. 10,000 entries is far more logouts than a provider sends in that
 * window; past it the oldest are forgotten first.
 */
export function createLogoutReplayCache(): ReplayCache {
  return new ReplayCache({
    ttlMs: (LOGOUT_TOKEN_MAX_AGE_S + 2 * CLOCK_TOLERANCE_S) * 1000,
    maxEntries: 10_000,
  });
}
