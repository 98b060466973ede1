import type { Adapter } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";

/** How long one instance trusts what it read: a revocation reaches every instance within this. */
export const VALID_AFTER_TTL_MS = 1000;
/** Users remembered at once; the oldest entry goes first. */
const MAX_ENTRIES = 50_000;

/**
 * Per-user "sessions valid after" times for jwt sessions, which the server does not store: a
 * password change or reset records the time, and a token whose sign-in (`signed_in_at`) came earlier
 * is void. Each instance caches a user's time for `VALID_AFTER_TTL_MS`, so GET session costs one
 * map lookup per request and one storage read per user per second, and a revocation made on any
 * instance holds everywhere within a second.
 */
export interface SessionsValidAfter {
  /** Epoch ms before which the user's sessions are void; 0 when never set. */
  get(userId: string, now: number): Promise<number>;
  /** Voids the user's sessions that began before `now` (ms, as a token's `signed_in_at`). */
  set(userId: string, now: number): Promise<void>;
  /** Storage moved the user's time by itself (a claimed account): this instance reads it again. Writes nothing. */
  forget(userId: string): void;
}

/** Null when the adapter cannot store the times (an Auth.js adapter): jwt sessions then cannot be ended early. */
export function createSessionsValidAfter(adapter: Adapter | null): SessionsValidAfter | null {
  if (
    typeof adapter?.getSessionsValidAfter !== "function" ||
    typeof adapter.setSessionsValidAfter !== "function"
  ) {
    return null;
  }
  const store = adapter;
  const cache = new Map<string, { at: number; readAt: number }>();

  function remember(userId: string, at: number, now: number): void {
    cache.delete(userId);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(userId, { at, readAt: now });
  }

  return {
    async get(userId, now) {
      const known = cache.get(userId);
      if (known && now - known.readAt < VALID_AFTER_TTL_MS) return known.at;
      const stored = await callAdapter(store, "getSessionsValidAfter", userId);
      const at = stored ? stored.getTime() : 0;
      remember(userId, at, now);
      return at;
    },
    async set(userId, now) {
      await callAdapter(store, "setSessionsValidAfter", userId, new Date(now));
      remember(userId, now, now);
    },

    forget(userId) {
      cache.delete(userId);
    },
  };
}
