import type { LimitedAction, LimitedActionRules, Logger, RateLimitOptions } from "../config/options.ts";
import { AuthError } from "../errors/auth-error.ts";
import { ConfigError } from "../errors/config-error.ts";
import { describe } from "../errors/describe.ts";
import { isTimeout, withDeadline } from "../lib/deadline.ts";
import { isProduction } from "../lib/is-production.ts";
import { clientIp, type ProxyTrust, proxyTrust } from "./client-ip.ts";
import { ipKey, parseIp } from "./ip-address.ts";
import { createLockout, type Lockout } from "./lockout.ts";
import { createMemoryRateLimitStore } from "./memory-rate-limit-store.ts";
import type { RateLimitStore } from "./rate-limit-store.ts";
import { checkRule, type RateLimitResult, type RateLimitRule, retryAfterSeconds } from "./rate-limiter.ts";

const MINUTE = 60_000;
/** How long a request waits for the rate-limit store by default (`rateLimit.storeTimeout`), ms. */
export const STORE_TIMEOUT_MS = 2000;
/** After a store call timed out, calls fail at once for this long (ms), then one tries again. */
export const STORE_PAUSE_MS = 5000;
const rule = (limit: number, minutes: number): RateLimitRule => ({ limit, windowMs: minutes * MINUTE });

/**
 * The default limits, an order of magnitude above honest use. Sign-in has no per-address limit on
 * purpose: that limit would let anyone lock an address's owner out. The lockout (per account and
 * network, with a known-device bypass) guards the account instead.
 */
export const DEFAULT_LIMITS: Readonly<Record<LimitedAction, Required<LimitedActionRules>>> = {
  passwordSignIn: { ip: rule(30, 5), identifier: false },
  credentials: { ip: rule(30, 5), identifier: false },
  signUp: { ip: rule(10, 10), identifier: rule(3, 10) },
  forgotPassword: { ip: rule(10, 10), identifier: rule(3, 15) },
  resetPassword: { ip: rule(10, 10), identifier: false },
  changePassword: { ip: rule(10, 10), identifier: rule(10, 10) },
  emailSignIn: { ip: rule(10, 10), identifier: rule(5, 15) },
  // A sign-in with the right password to an unverified account mails a new link: not too often.
  resendVerification: { ip: false, identifier: rule(3, 15) },
  verification: { ip: rule(30, 10), identifier: false },
  // Enrolment, confirming, disabling and new backup codes for the signed-in user (keyed by user id).
  twoFactor: { ip: rule(30, 10), identifier: rule(10, 10) },
  // The second step of a sign-in (keyed by user id); wrong codes also count in the lockout.
  twoFactorSignIn: { ip: rule(30, 5), identifier: rule(10, 5) },
  // Passkey sign-in: options and assertions, per client (a signature cannot be guessed; this bounds work).
  passkeySignIn: { ip: rule(30, 5), identifier: false },
  // Passkey-only sign-up mails a link: as password sign-up.
  passkeySignUp: { ip: rule(10, 10), identifier: rule(3, 10) },
  // Registering, renaming and deleting the signed-in user's passkeys (keyed by user id).
  passkeys: { ip: rule(30, 10), identifier: rule(20, 10) },
  // The account console: profile edits, email changes (each mails two addresses), reauthentication
  // (a password or code guess: as few as a password change allows).
  accountUpdate: { ip: rule(30, 10), identifier: rule(20, 10) },
  emailChange: { ip: rule(10, 10), identifier: rule(3, 15) },
  reauthenticate: { ip: rule(10, 10), identifier: rule(10, 10) },
};

/** What a request knows about where it came from. */
export interface ClientInfo {
  /** The request headers (for `X-Forwarded-For`, when proxies are trusted). */
  readonly headers: { get(name: string): string | null };
  /** The socket peer the server integration reported, or null. */
  readonly clientAddress: string | null;
}

/** Rate limits and lockout for one Gatehouse instance. */
export interface Limits {
  /** Counts a request against an endpoint's limits: its client network and, when given, the identifier. */
  check(action: LimitedAction, client: ClientInfo, identifier?: string | null): Promise<RateLimitResult>;
  /** The client's rate-limit key (an IPv4 address or IPv6 /64), or null when it is unknown. */
  clientKey(client: ClientInfo): string | null;
  /** Account lockout after wrong passwords; null when turned off. */
  lockout: Lockout | null;
  /** The counters' store (guarded as the limits use it): also where single-use claims are made. */
  store: RateLimitStore;
}

/**
 * Builds the limits from the options (`rateLimit`), or null when they are off. Misconfiguration
 * throws `ConfigError` here, at start-up.
 */
export function createLimits(
  options: RateLimitOptions | false | undefined,
  context: { adapterStore: RateLimitStore | undefined; logger: Logger; now: () => number },
): Limits | null {
  if (options === false) return null;
  const settings = options ?? {};
  const rules = resolveRules(settings.rules);
  const trust: ProxyTrust | undefined =
    settings.trustedProxies === undefined ? undefined : proxyTrust(settings.trustedProxies);
  const policy = settings.onStoreError ?? "open";
  if (policy !== "open" && policy !== "closed") {
    throw new ConfigError('rateLimit.onStoreError must be "open" or "closed".');
  }
  const timeoutMs = settings.storeTimeout ?? STORE_TIMEOUT_MS;
  if (typeof timeoutMs !== "number" || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new ConfigError("rateLimit.storeTimeout is in milliseconds: a positive number (default 2000).");
  }
  const store = guardStore(
    settings.store ?? context.adapterStore ?? createMemoryRateLimitStore({ maxEntries: 100_000 }),
    { policy, timeoutMs, logger: context.logger, now: context.now },
  );
  const lockout = settings.lockout === false ? null : createLockout(store, context.now, settings.lockout);
  let warnedUnknown = false;

  function clientKey(client: ClientInfo): string | null {
    const address = clientIp(
      client,
      trust === undefined
        ? { socketAddress: client.clientAddress }
        : { socketAddress: client.clientAddress, trustedProxies: trust },
    );
    const parsed = address === null ? null : parseIp(address);
    if (parsed === null && !warnedUnknown) {
      warnedUnknown = true;
      // In production only: development servers and tests often call handler() without an address.
      if (!isProduction()) return null;
      context.logger.warn(
        "ClientAddressUnknown",
        "rate limits cannot tell clients apart: this request came with no client address. @gatehouse/node, @gatehouse/express and @gatehouse/hono pass the socket's; Next.js gives route handlers none, so with @gatehouse/nextjs (or behind any proxy) set rateLimit.trustedProxies to the number of proxies in front of the app (1 on Vercel); a handler() of your own passes { clientAddress }. Until then the per-network limits are skipped: only the limits per email address and the account-wide lockout apply.",
      );
    }
    return parsed === null ? null : ipKey(parsed);
  }

  return {
    clientKey,
    lockout,
    store,
    async check(action, client, identifier) {
      const { ip, identifier: byIdentifier } = rules[action];
      const at = context.now();
      const checks: [string, RateLimitRule, string][] = [];
      const key = ip === false ? null : clientKey(client);
      // The client first: a client refused by its own limit does not also burn the address's budget.
      if (ip !== false && key !== null) checks.push(["ip", ip, key]);
      if (byIdentifier !== false && identifier) checks.push(["identifier", byIdentifier, identifier]);
      for (const [kind, limit, value] of checks) {
        const counter = await store.hit(JSON.stringify(["rate", action, kind, value]), {
          windowMs: limit.windowMs,
          now: at,
        });
        if (counter.count > limit.limit) {
          return {
            error: "RateLimited",
            retryAfterSeconds: retryAfterSeconds(counter.resetAt, at),
            cause: `${action} per ${kind}`,
          };
        }
      }
      return { ok: true };
    },
  };
}

function resolveRules(
  overrides: RateLimitOptions["rules"],
): Record<LimitedAction, Required<LimitedActionRules>> {
  const rules = { ...DEFAULT_LIMITS } as Record<LimitedAction, Required<LimitedActionRules>>;
  for (const [action, given] of Object.entries(overrides ?? {})) {
    if (!Object.hasOwn(DEFAULT_LIMITS, action)) {
      throw new ConfigError(
        `rateLimit.rules has no endpoint "${action}": use one of ${Object.keys(DEFAULT_LIMITS).join(", ")}.`,
      );
    }
    const base = DEFAULT_LIMITS[action as LimitedAction];
    const merged = { ip: given?.ip ?? base.ip, identifier: given?.identifier ?? base.identifier };
    for (const [kind, value] of Object.entries(merged)) {
      if (value !== false) checkRule(`${action}.${kind}`, value);
    }
    rules[action as LimitedAction] = merged;
  }
  return rules;
}

/**
 * The store-down policy. `open`: a failing store counts nothing (every check passes) and logs
 * `RateLimitStoreFailed`, so sign-in keeps working while Redis or the database is away — argon2id's
 * cost still bounds guessing. `closed`: the request is answered 503 `StorageUnavailable`. A store
 * that does not answer within `timeoutMs` has failed: whatever its client's options, a Redis that
 * accepts connections and never answers (or a client that queues commands while it reconnects)
 * costs a request at most that long. After a time-out the store is not called for `STORE_PAUSE_MS`:
 * the requests meanwhile (and the other checks of the same request) fail at once instead of each
 * waiting, and a client that queues commands does not pile up one per request.
 */
function guardStore(
  store: RateLimitStore,
  options: { policy: "open" | "closed"; timeoutMs: number; logger: Logger; now: () => number },
): RateLimitStore {
  const { policy, timeoutMs, logger, now: clock } = options;
  let pausedUntil = Number.NEGATIVE_INFINITY;
  const failed = (error: unknown): never | null => {
    logger.error("RateLimitStoreFailed", { policy, cause: describe(error) });
    if (policy === "closed") throw new AuthError("StorageUnavailable", { cause: error });
    return null;
  };
  // Its answer came after the request went on: nothing to do but say so, quietly.
  const late = (error: unknown) =>
    logger.debug?.("RateLimitStoreFailed", { late: true, cause: describe(error) });
  async function bounded<T>(work: () => Promise<T>): Promise<T> {
    if (clock() < pausedUntil) throw new Error(`not called for ${STORE_PAUSE_MS} ms after a time-out`);
    try {
      return await withDeadline(work, timeoutMs, late);
    } catch (error) {
      if (isTimeout(error)) pausedUntil = clock() + STORE_PAUSE_MS;
      throw error;
    }
  }
  return {
    async hit(key, options) {
      try {
        return await bounded(() => store.hit(key, options));
      } catch (error) {
        failed(error);
        return { count: 0, resetAt: options.now };
      }
    },
    async peek(key, now) {
      try {
        return await bounded(() => store.peek(key, now));
      } catch (error) {
        return failed(error);
      }
    },
    async delete(key) {
      try {
        await bounded(() => store.delete(key));
      } catch (error) {
        failed(error);
      }
    },
  };
}
