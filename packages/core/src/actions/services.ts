import type { ResolvedConfig } from "../config/resolve-config.ts";
import { createDeviceFlows, type DeviceFlows } from "../device/device-flows.ts";
import type { Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { createLimits, type Limits } from "../limits/limits.ts";
import { createMemoryRateLimitStore } from "../limits/memory-rate-limit-store.ts";
import type { RateLimitStore } from "../limits/rate-limit-store.ts";
import { createLogoutReplayCache, type ReplayCache } from "../logout/replay-cache.ts";
import { createOAuthFlows, type OAuthFlows } from "../oauth/oauth-flows.ts";
import { databaseStrategy } from "../session/database-strategy.ts";
import { jwtStrategy } from "../session/jwt-strategy.ts";
import { createSessionRecords, type SessionRecords } from "../session/session-records.ts";
import { createSessions, type Sessions } from "../session/sessions.ts";
import { createSessionsValidAfter, type SessionsValidAfter } from "../session/sessions-valid-after.ts";
import { VerifiedTokenCache } from "../session/verified-token-cache.ts";

/** What the handlers share for the life of one Gatehouse instance (no module state anywhere). */
export interface Services {
  sessions: Sessions;
  /** The OAuth client: discovery cache, key sets, registered clients. */
  oauth: OAuthFlows;
  /** The device flow's provider steps and poll limiter. */
  device: DeviceFlows;
  /** Back-channel logout token `jti`s already used. */
  replays: ReplayCache;
  /** Rate limits and lockout; null when `rateLimit: false`. */
  limits: Limits | null;
  /** Per-user "sessions valid after" times (ends jwt sessions); null without an adapter that keeps them. */
  validAfter: SessionsValidAfter | null;
  /** Session records (the account console's list, revocation of one jwt session); null without storage for them. */
  records: SessionRecords | null;
  /**
   * Where single-use things are claimed — a pending two-factor sign-in, a passkey challenge, an OAuth
   * flow's callback: the limits' store, so a claim holds across instances; the adapter's own store
   * or a small in-memory one when rate limits are off.
   */
  claims: RateLimitStore;
  /** The modules' sign-in hooks (docs/modules.md), run by `completeSignIn`'s pipeline. */
  signInHooks: SignInHookRunner;
}

/** A browser sign-in as the hooks are told of it. */
export interface HookedSignIn {
  userId: string;
  email: string | null;
  method: string;
  isNewUser: boolean;
}

/** Runs every module's hooks of one kind, in the order of `modules`. */
export interface SignInHookRunner {
  /** The first answer a gate gives, or null when every gate lets the sign-in go on. */
  gate(ctx: RequestContext, services: Services, signIn: HookedSignIn): Promise<Outcome | null>;
  /** Every `after`, each bounded and never failing the sign-in. */
  after(ctx: RequestContext, services: Services, signIn: HookedSignIn): Promise<void>;
}

/** An instance without modules: no gate, nothing after. */
export const NO_SIGN_IN_HOOKS: SignInHookRunner = {
  gate: async () => null,
  after: async () => {},
};

export function createServices(
  config: ResolvedConfig,
  signInHooks: SignInHookRunner = NO_SIGN_IN_HOOKS,
): Services {
  const validAfter = createSessionsValidAfter(config.adapter);
  const records = createSessionRecords(config.adapter);
  const strategy =
    config.session.strategy === "database" && config.adapter
      ? databaseStrategy(config.adapter, records)
      : jwtStrategy(new VerifiedTokenCache(), validAfter, records);
  const oauth = createOAuthFlows(config);
  const limits = createLimits(config.rateLimit, {
    adapterStore: config.adapter?.rateLimits,
    logger: config.logger,
    now: config.now,
  });
  return {
    sessions: createSessions(strategy, config.nextAuthV4),
    oauth,
    device: createDeviceFlows(oauth),
    replays: createLogoutReplayCache(),
    limits,
    validAfter,
    records,
    claims: limits?.store ?? config.adapter?.rateLimits ?? createMemoryRateLimitStore({ maxEntries: 10_000 }),
    signInHooks,
  };
}
