import { CLOCK_TOLERANCE_S, DEFAULTS } from "../lib/defaults.ts";
import type { RateLimitStore } from "../limits/rate-limit-store.ts";

/**
 * What spending a flow found: `first` — this callback is the flow's only one; `replayed` — another
 * callback of the same flow came first (here or on another instance sharing the store); `unchecked`
 * — the store failed and the operator chose `rateLimit.onStoreError: "open"`, so nothing was counted.
 */
export type FlowSpend = "first" | "replayed" | "unchecked";

/**
 * Spends an OAuth sign-in flow (the `flow` id sealed in its check cookies) before its code is
 * exchanged, so a callback completes once whatever the provider does: clearing the check cookies
 * is not enough, since a copy of the callback request carries them too, and a provider that accepts
 * a code twice would make a session per copy. The store's atomic `hit` is the claim (count 1: first),
 * so of two racing copies exactly one wins, on one instance or many. The mark lives as long as the
 * check cookies could still open.
 *
 * @example if ((await spendFlow(services.claims, flow.id, ctx.now)) === "replayed") return refuse()
 */
export async function spendFlow(store: RateLimitStore, flowId: string, now: number): Promise<FlowSpend> {
  const windowMs = (DEFAULTS.checkMaxAge + CLOCK_TOLERANCE_S) * 1000;
  const { count } = await store.hit(JSON.stringify(["oauth", "flow", flowId]), { windowMs, now });
  // A guarded store that failed open answers 0 (it counted nothing); every store counts from 1.
  if (count === 0) return "unchecked";
  return count === 1 ? "first" : "replayed";
}
