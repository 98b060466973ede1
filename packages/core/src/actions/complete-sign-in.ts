import type { Account } from "../config/options.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { User } from "../providers/types.ts";
import type { SessionStrategy } from "../session/session-strategy.ts";
import { failure } from "./page-urls.ts";

/**
 * The common end of every sign-in: the `signIn` callback decides, the session strategy issues a new
 * session (a fresh token every time, so no session fixation), then the person goes to the callback URL.
 */
export async function completeSignIn(
  ctx: RequestContext,
  strategy: SessionStrategy,
  input: {
    user: User;
    account: Account;
    profile?: Record<string, unknown>;
    credentials?: Record<string, string>;
  },
): Promise<Outcome> {
  const callbackUrl = await ctx.callbackUrl();
  const decision = ctx.config.callbacks.signIn ? await ctx.config.callbacks.signIn(input) : true;
  if (decision === false) return failure(ctx, "AccessDenied");
  if (typeof decision === "string") {
    // A redirect chosen by the app still obeys the redirect policy.
    const target = await ctx.validateRedirect(decision);
    if (!target) return failure(ctx, "AccessDenied");
    return redirect(target);
  }
  if (decision !== true) return failure(ctx, "AccessDenied");
  await strategy.create(ctx, {
    user: input.user,
    account: input.account,
    ...(input.profile ? { profile: input.profile } : {}),
    isNewUser: false,
  });
  return redirect(callbackUrl);
}
