import type { Principal } from "../principal.ts";

interface Entry {
  /** null: the issuer said the token is not active (or not for us). */
  principal: Principal | null;
  /** Milliseconds since the epoch, on the verifier's clock. */
  until: number;
}

/**
 * Introspection answers per token, keyed by the token's SHA-256 so no token sits in memory as a key.
 * Bounded: past `size` entries the oldest is dropped (a Map iterates in insertion order). Concurrent
 * requests with one token share a single introspection call.
 */
export interface IntrospectionCache {
  /** The cached answer, or `load()`'s (cached for `ttl(answer)` ms when that is positive). */
  get(
    token: string,
    load: () => Promise<Principal | null>,
    ttl: (principal: Principal | null) => number,
  ): Promise<Principal | null>;
}

export function createIntrospectionCache(options: { size: number; now: () => number }): IntrospectionCache {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Principal | null>>();

  return {
    async get(token, load, ttl) {
      const key = await sha256(token);
      const now = options.now();
      const cached = entries.get(key);
      if (cached !== undefined) {
        if (cached.until > now) return cached.principal;
        entries.delete(key);
      }
      const running = inFlight.get(key);
      if (running !== undefined) return running;
      const pending = load().then((principal) => {
        const lifetime = ttl(principal);
        if (lifetime > 0) {
          entries.set(key, { principal, until: options.now() + lifetime });
          for (const oldest of entries.keys()) {
            if (entries.size <= options.size) break;
            entries.delete(oldest);
          }
        }
        return principal;
      });
      inFlight.set(key, pending);
      try {
        return await pending;
      } finally {
        inFlight.delete(key);
      }
    },
  };
}

async function sha256(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
