import { DEFAULTS } from "../lib/defaults.ts";

/** What the OAuth client needs from its surroundings; injected so tests control the network and the clock. */
export interface OAuthRuntime {
  /** Every request to a provider goes through this (discovery, key set, token, userinfo). */
  fetch: typeof fetch;
  /** Per-request timeout in milliseconds. */
  timeoutMs: number;
  /** Current time in milliseconds since the epoch. */
  now: () => number;
}

/**
 * A runtime with the platform defaults, optionally overridden.
 *
 * @example const runtime = createOAuthRuntime({ timeoutMs: 5000 })
 */
export function createOAuthRuntime(overrides: Partial<OAuthRuntime> = {}): OAuthRuntime {
  return {
    fetch: overrides.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: overrides.timeoutMs ?? DEFAULTS.httpTimeout,
    now: overrides.now ?? Date.now,
  };
}
