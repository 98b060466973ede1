import { ConfigError } from "../errors/config-error.ts";
import type { RateLimitStore } from "./rate-limit-store.ts";
import { type RateLimitResult, retryAfterSeconds } from "./rate-limiter.ts";

/**
 * Lockout after repeated failed sign-ins, with growing delays — designed so that an attacker can
 * slow down guessing a password but cannot lock its owner out.
 *
 * The design:
 * - **Per (account, client network).** Failures are counted per account *and* client key (an IPv4
 *   address or IPv6 /64, see `ipKey`). After `threshold` failures (5) the next attempt from that
 *   network waits 1 minute, then 2, 4, … up to `maxDelayMs` (15 minutes). An attacker guessing from
 *   its own network locks only itself out; the owner, signing in from elsewhere, is untouched.
 * - **Per account, globally, at a much higher threshold** (50 by default) with the same growth:
 *   this bounds a distributed guess from many networks, which the per-network bucket alone cannot
 *   see. It is the one lock an attacker can impose on someone else, so two ways around it exist:
 * - **Known device.** A device that signed in successfully before carries a token (a signed,
 *   per-device cookie the app verifies). Its attempts are counted in their own (account, device)
 *   bucket and skip both others: the owner's usual device keeps working during an attack, and a
 *   stolen device token still only gets `threshold` guesses per delay.
 * - **Reset path.** Password reset by e-mail is not subject to the lockout (it has its own rate
 *   limit), and a successful sign-in or reset clears the account's counters (`succeed`).
 *
 * Counting rules that keep the lock finite:
 * - An attempt refused by the lock is answered before the password is checked and is *not* a
 *   failure: hammering a locked account does not make the lock longer.
 * - Failures are forgotten `windowMs + maxDelayMs` (30 minutes) after the last one: a counter
 *   outlives the longest lock by `windowMs`, so a failure just after a 15-minute lock ends locks
 *   again for 15 minutes instead of starting over at 5 free guesses. Delays are capped at `maxDelayMs`.
 *
 * State lives in a `RateLimitStore`, counted with `extend`: the counter's `resetAt` is then always
 * `lastFailure + windowMs`, so the store's one atomic `hit` records both how many failures and when
 * the last one was (`resetAt - retention`); a lock is derived from the two, with no second write that could race.
 */

/** Tuning of the lockout; every field has a default. Times in milliseconds. */
export interface LockoutOptions {
  /** Failures per (account, network) or (account, device) before delays begin (default 5). */
  readonly threshold?: number;
  /** Failures per account, from anywhere, before delays begin (default 50). */
  readonly globalThreshold?: number;
  /** Failures are remembered this long after the lock they cause ends (default 15 minutes). */
  readonly windowMs?: number;
  /** The first delay (default 1 minute); each further failure doubles it. */
  readonly baseDelayMs?: number;
  /** The longest delay (default 15 minutes; at most `windowMs`). */
  readonly maxDelayMs?: number;
}

/** Who is trying: the account, and where from. */
export interface Attempt {
  /** The account identifier, normalised by the caller (e.g. the lower-cased e-mail or the user id). */
  readonly account: string;
  /** The client key (`ipKey` of the client address), or `null` when unknown (then only the account-wide bucket counts). */
  readonly client: string | null;
  /** The id of a verified known-device token, when the request carried one. */
  readonly device?: string | null;
}

/** The lockout decisions: ask before checking the password, report the outcome after. */
export interface Lockout {
  /** May this attempt check a password now? `RateLimited` with the seconds left when locked. */
  check(attempt: Attempt): Promise<RateLimitResult>;
  /** Records a wrong password (only for attempts `check` let through). */
  fail(attempt: Attempt): Promise<void>;
  /** Records a successful sign-in or password reset: clears the counters the attempt touches. */
  succeed(attempt: Attempt): Promise<void>;
}

/**
 * The lockout over a store and an injected clock; misconfiguration throws `ConfigError`.
 *
 * @example
 * const lockout = createLockout(store, Date.now);
 * const attempt = { account: email, client: ipKey(address), device: verifiedDeviceId };
 * const gate = await lockout.check(attempt);
 * if ("error" in gate) return tooManyAttempts(gate.retryAfterSeconds);
 * if (await passwordMatches()) await lockout.succeed(attempt); else await lockout.fail(attempt);
 */
export function createLockout(
  store: RateLimitStore,
  now: () => number,
  options: LockoutOptions = {},
): Lockout {
  const threshold = options.threshold ?? 5;
  const globalThreshold = options.globalThreshold ?? 50;
  const windowMs = options.windowMs ?? 15 * 60_000;
  const baseDelayMs = options.baseDelayMs ?? 60_000;
  const maxDelayMs = options.maxDelayMs ?? 15 * 60_000;
  for (const [name, value] of Object.entries({
    threshold,
    globalThreshold,
    windowMs,
    baseDelayMs,
    maxDelayMs,
  })) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new ConfigError(`Lockout option ${name} must be a positive integer, got ${String(value)}.`);
    }
  }
  if (globalThreshold < threshold) {
    throw new ConfigError(
      "Lockout option globalThreshold must be at least threshold: it counts failures from everywhere.",
    );
  }
  if (baseDelayMs > maxDelayMs) {
    throw new ConfigError("Lockout options must satisfy baseDelayMs <= maxDelayMs.");
  }
  if (maxDelayMs > windowMs) {
    throw new ConfigError(
      "Lockout options must satisfy maxDelayMs <= windowMs (a lock never outlives its memory).",
    );
  }
  const retentionMs = windowMs + maxDelayMs;

  /** The buckets an attempt counts in, each with its threshold. */
  function buckets(attempt: Attempt): { key: string; threshold: number }[] {
    if (typeof attempt.account !== "string" || attempt.account === "") {
      throw new ConfigError("Lockout attempt needs a non-empty account identifier.");
    }
    if (attempt.device != null) {
      return [{ key: JSON.stringify(["lock", "device", attempt.account, attempt.device]), threshold }];
    }
    const account = { key: JSON.stringify(["lock", "account", attempt.account]), threshold: globalThreshold };
    // An unknown client address counts only account-wide: a shared per-network bucket would let any
    // five wrong guesses, from anywhere, delay the owner. The account-wide threshold still bounds it.
    if (attempt.client === null) return [account];
    return [{ key: JSON.stringify(["lock", "client", attempt.account, attempt.client]), threshold }, account];
  }

  /** When a counter with `count` failures, the last at `lastAt`, unlocks (`lastAt` if not locked). */
  function lockedUntil(count: number, lastAt: number, limit: number): number {
    if (count < limit) return lastAt;
    // 2^(count - limit) doubles per failure; capped before the power can overflow.
    const exponent = Math.min(count - limit, 30);
    return lastAt + Math.min(baseDelayMs * 2 ** exponent, maxDelayMs);
  }

  return {
    async check(attempt) {
      const at = now();
      let until = at;
      for (const bucket of buckets(attempt)) {
        const counter = await store.peek(bucket.key, at);
        if (counter === null) continue;
        until = Math.max(until, lockedUntil(counter.count, counter.resetAt - retentionMs, bucket.threshold));
      }
      if (until <= at) return { ok: true };
      return { error: "RateLimited", retryAfterSeconds: retryAfterSeconds(until, at), cause: "lockout" };
    },
    async fail(attempt) {
      const at = now();
      for (const bucket of buckets(attempt))
        await store.hit(bucket.key, { windowMs: retentionMs, now: at, extend: true });
    },
    async succeed(attempt) {
      const keys = buckets(attempt).map((bucket) => bucket.key);
      // The owner got in: the account-wide counter goes too, whoever else was guessing.
      if (attempt.device != null) keys.push(JSON.stringify(["lock", "account", attempt.account]));
      for (const key of keys) await store.delete(key);
    },
  };
}
