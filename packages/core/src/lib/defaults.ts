/**
 * The defaults every part of core shares, in one place: a value that two folders need is never
 * written twice (the seed specification fixes the ones marked so).
 */
export const DEFAULTS = {
  basePath: "/api/auth",
  /** Session lifetime, seconds: 30 days (spec). */
  maxAge: 30 * 24 * 60 * 60,
  /** How often a session's expiry slides, seconds: 1 day (spec). */
  updateAge: 24 * 60 * 60,
  /**
   * Outgoing request timeout to providers, ms (spec: 3.5 s, the openid-client default Auth.js
   * inherited): slow providers fail fast instead of holding a request.
   */
  httpTimeout: 3500,
  /**
   * How long a person's request waits for a mail to be handed over, ms (email sign-in; an
   * administrator's reset link). Longer than @gatehouse/smtp's own time-outs (5 s each), so those
   * answer first and say which step failed; this bounds any sender an app passes.
   */
  mailTimeout: 10_000,
  cookiePrefix: "gatehouse",
  /** Lifetime of the state, PKCE and nonce check cookies, seconds. */
  checkMaxAge: 15 * 60,
} as const;

/**
 * The one allowed clock difference, seconds, for every time claim core checks: session JWTs, ID
 * tokens, logout tokens and access tokens. Ten seconds covers ordinary NTP drift between servers
 * without keeping an expired token alive for long.
 */
export const CLOCK_TOLERANCE_S = 10;
