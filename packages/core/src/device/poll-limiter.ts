/** RFC 8628 §3.5: every `slow_down` adds 5 seconds to the interval, for this and all later polls. */
export const SLOW_DOWN_STEP_S = 5;

/**
 * A poll that arrives this much early still counts as on time: the device measures the interval
 * from its own clock, and the network can deliver one request sooner than the last.
 */
const EARLY_SLACK_MS = 500;

interface Entry {
  /** The interval the device must keep, seconds. */
  interval: number;
  /** Earliest time of the next admitted poll, ms. */
  next: number;
  /** When the handle expires, ms (the entry is useless after). */
  expiresAt: number;
}

/** The decision for one poll: go ahead, or `slow_down` with the interval the device must now keep. */
export type PollAdmission = { admitted: true } | { admitted: false; interval: number };

/**
 * Refuses devices that poll faster than their interval, before the provider is called, so one
 * misbehaving device cannot get the app's client rate-limited at the provider.
 *
 * Kept in memory per instance, bounded to `maxEntries` (expired entries go first, then the oldest).
 * A handle this instance has not seen — another instance started it, or it was evicted — is admitted
 * and tracked from then on: with several instances behind a load balancer a device can reach the
 * provider up to once per interval per instance, and the provider's own `slow_down` still applies.
 */
export class PollLimiter {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;

  constructor(maxEntries = 10_000) {
    this.#maxEntries = maxEntries;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * Admits a poll and books the next one, synchronously — two concurrent polls with one handle
   * cannot both pass. A refused poll raises the interval as a provider's `slow_down` would.
   */
  admit(id: string, input: { interval: number; expiresAt: number; now: number }): PollAdmission {
    const entry = this.#entries.get(id);
    if (entry === undefined) {
      this.#add(
        id,
        {
          interval: input.interval,
          next: input.now + input.interval * 1000,
          expiresAt: input.expiresAt,
        },
        input.now,
      );
      return { admitted: true };
    }
    if (input.now + EARLY_SLACK_MS < entry.next) {
      entry.interval += SLOW_DOWN_STEP_S;
      entry.next = input.now + entry.interval * 1000;
      return { admitted: false, interval: entry.interval };
    }
    entry.next = input.now + entry.interval * 1000;
    return { admitted: true };
  }

  /**
   * The provider said `slow_down`: the interval grows by 5 s, or to the provider's own `interval`
   * when it names a longer one. Returns the interval the device must keep.
   */
  slowDown(
    id: string,
    input: { interval: number; expiresAt: number; providerInterval?: number; now: number },
  ): number {
    let entry = this.#entries.get(id);
    if (entry === undefined) {
      // Evicted while the poll was out: start again from the handle's interval.
      entry = { interval: input.interval, next: input.now, expiresAt: input.expiresAt };
      this.#add(id, entry, input.now);
    }
    entry.interval = Math.max(entry.interval + SLOW_DOWN_STEP_S, input.providerInterval ?? 0);
    entry.next = input.now + entry.interval * 1000;
    return entry.interval;
  }

  /** The flow ended (signed in, denied, expired): nothing more to pace. */
  forget(id: string): void {
    this.#entries.delete(id);
  }

  #add(id: string, entry: Entry, now: number): void {
    if (this.#entries.size >= this.#maxEntries) this.#evict(now);
    this.#entries.set(id, entry);
  }

  #evict(now: number): void {
    for (const [id, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(id);
    // Still full of live flows: drop the oldest (Map iteration is insertion order).
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }
}
