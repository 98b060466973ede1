import { ConfigError } from "../errors/config-error.ts";
import type { HitOptions, RateLimitCounter, RateLimitStore } from "./rate-limit-store.ts";

/** Options of the in-memory store. */
export interface MemoryRateLimitStoreOptions {
  /** The most counters kept at once (default 10,000). */
  readonly maxEntries?: number;
}

/** The in-memory store, with its size for tests and metrics. */
export interface MemoryRateLimitStore extends RateLimitStore {
  readonly size: number;
}

/**
 * A `RateLimitStore` in memory, for one instance (several instances behind a load balancer each
 * count on their own: use a shared store there). Each call creates its own map; nothing is kept at
 * module level.
 *
 * Bounded: when a new key would exceed `maxEntries`, expired counters are dropped first, then the
 * oldest ones. Eviction forgets counts, so an attacker who can create more keys than the bound
 * (many IPv6 /64s, many e-mail addresses) can reset some counters; size the bound above the keys a
 * window sees in honest use. A full sweep costs O(maxEntries) and happens only on an insert into a
 * full map.
 *
 * @example
 * const limiter = createRateLimiter(rules, createMemoryRateLimitStore({ maxEntries: 50_000 }), Date.now);
 */
export function createMemoryRateLimitStore(options: MemoryRateLimitStoreOptions = {}): MemoryRateLimitStore {
  const maxEntries = options.maxEntries ?? 10_000;
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) {
    throw new ConfigError(`maxEntries must be a positive integer, got ${String(maxEntries)}.`);
  }
  // Insertion order is the eviction order: a key re-inserted when its window restarts moves last.
  const entries = new Map<string, { count: number; resetAt: number }>();

  function makeRoom(now: number): void {
    if (entries.size < maxEntries) return;
    for (const [key, entry] of entries) if (entry.resetAt <= now) entries.delete(key);
    for (const key of entries.keys()) {
      if (entries.size < maxEntries) break;
      entries.delete(key);
    }
  }

  return {
    get size() {
      return entries.size;
    },
    // Synchronous inside: no await between the read and the write, so concurrent hits cannot race.
    async hit(key: string, { windowMs, now, extend = false }: HitOptions): Promise<RateLimitCounter> {
      const entry = entries.get(key);
      if (entry === undefined || entry.resetAt <= now) {
        entries.delete(key);
        makeRoom(now);
        const fresh = { count: 1, resetAt: now + windowMs };
        entries.set(key, fresh);
        return { ...fresh };
      }
      entry.count += 1;
      if (extend) entry.resetAt = now + windowMs;
      return { ...entry };
    },
    async peek(key: string, now: number): Promise<RateLimitCounter | null> {
      const entry = entries.get(key);
      return entry === undefined || entry.resetAt <= now ? null : { ...entry };
    },
    async delete(key: string): Promise<void> {
      entries.delete(key);
    },
  };
}
