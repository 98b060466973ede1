import { ConfigError } from "../errors/config-error.ts";
import type { Failure } from "../errors/failure.ts";
import type { RateLimitStore } from "./rate-limit-store.ts";

/**
 * A refusal: the repo's one failure shape with the catalogue's `RateLimited` (HTTP 429), plus when to
 * come back (for `Retry-After`, whole seconds, at least 1). `cause` names the rule or lock, for the
 * log only.
 */
export type RateLimited = Failure<"RateLimited"> & { readonly retryAfterSeconds: number };

/** The answer of a check: go ahead, or a `RateLimited` failure. */
export type RateLimitResult = { readonly ok: true } | RateLimited;

/** One rule: at most `limit` hits per key in each window of `windowMs`. */
export interface RateLimitRule {
  readonly limit: number;
  readonly windowMs: number;
}

/** Checks the keys of one request against named rules. */
export interface RateLimiter<R extends string> {
  /**
   * Counts this request against every rule whose key is given, in the rules' order, and refuses at
   * the first rule over its limit. A rule given no key (`undefined` or `null`: no e-mail in this
   * request) is skipped.
   */
  check(keys: Partial<Record<R, string | null>>): Promise<RateLimitResult>;
}

/** Whole seconds until `resetAt`, rounded up and at least 1 (`Retry-After: 0` invites a retry storm). */
export function retryAfterSeconds(resetAt: number, now: number): number {
  return Math.max(1, Math.ceil((resetAt - now) / 1000));
}

/** Checks a rule at configuration time, so a typo throws at startup. */
export function checkRule(name: string, rule: RateLimitRule): void {
  if (!Number.isSafeInteger(rule.limit) || rule.limit < 1) {
    throw new ConfigError(
      `Rate-limit rule "${name}": limit must be a positive integer, got ${String(rule.limit)}.`,
    );
  }
  if (!Number.isSafeInteger(rule.windowMs) || rule.windowMs < 1000) {
    throw new ConfigError(
      `Rate-limit rule "${name}": windowMs must be an integer of at least 1000 (ms), got ${String(rule.windowMs)}.`,
    );
  }
}

/**
 * A limiter over several keys per request (client IP, the identifier typed in), each with its own
 * rule, counted in `store` with the injected clock.
 *
 * Rules are checked in order and the first refusal stops the count: put the key an attacker
 * controls least (the client IP) first, so a client already refused by its IP does not also burn
 * the budget of the e-mail address it targets — that would let it lock the address's owner out.
 *
 * @example
 * const limiter = createRateLimiter(
 *   { ip: { limit: 30, windowMs: 60_000 }, email: { limit: 5, windowMs: 15 * 60_000 } },
 *   createMemoryRateLimitStore(),
 *   Date.now,
 * );
 * const result = await limiter.check({ ip: ipKey(address), email: email.toLowerCase() });
 * if ("error" in result) return new Response(null, { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } });
 */
export function createRateLimiter<R extends string>(
  rules: Readonly<Record<R, RateLimitRule>>,
  store: RateLimitStore,
  now: () => number,
): RateLimiter<R> {
  const entries = Object.entries(rules) as [R, RateLimitRule][];
  if (entries.length === 0) throw new ConfigError("createRateLimiter needs at least one rule.");
  for (const [name, rule] of entries) checkRule(name, rule);
  const names = new Set<string>(entries.map(([name]) => name));

  return {
    async check(keys) {
      for (const name of Object.keys(keys)) {
        if (!names.has(name))
          throw new ConfigError(`No rate-limit rule named "${name}": add it to the rules.`);
      }
      for (const [name, rule] of entries) {
        const key = keys[name];
        if (key === undefined || key === null) continue;
        const at = now();
        // The rule name is part of the key, so two rules never share a counter; JSON keeps
        // "a:b" + "c" apart from "a" + "b:c".
        const counter = await store.hit(JSON.stringify(["rate", name, key]), {
          windowMs: rule.windowMs,
          now: at,
        });
        if (counter.count > rule.limit) {
          return {
            error: "RateLimited",
            retryAfterSeconds: retryAfterSeconds(counter.resetAt, at),
            cause: `rule ${name}`,
          };
        }
      }
      return { ok: true };
    },
  };
}
