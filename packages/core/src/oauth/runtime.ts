/** What the OAuth client needs from its surroundings; injected so tests control the network and the clock. */
export interface OAuthRuntime {
  /** Every request to a provider goes through this (discovery, key set, token, userinfo). */
  fetch: typeof fetch;
  /** Per-request timeout in milliseconds. */
  timeoutMs: number;
  /** Current time in milliseconds since the epoch. */
  now: () => number;
}

/** The openid-client default Auth.js inherited: slow providers fail fast instead of holding a request. */
export const DEFAULT_OAUTH_TIMEOUT_MS = 3500;

/**
 * A runtime with the platform defaults, optionally overridden.
 *
 * @example const runtime = createOAuthRuntime({ timeoutMs: 5000 })
 */
export function createOAuthRuntime(overrides: Partial<OAuthRuntime> = {}): OAuthRuntime {
  return {
    fetch: overrides.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: overrides.timeoutMs ?? DEFAULT_OAUTH_TIMEOUT_MS,
    now: overrides.now ?? Date.now,
  };
}
