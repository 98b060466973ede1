import { askSignInCallback, type SignInInput } from "../../accounts/sign-in-callback.ts";
import { storedUser } from "../../accounts/stored-user.ts";
import { type Outcome, redirect } from "../../http/outcome.ts";
import { failure } from "../../http/page-urls.ts";
import type { RequestContext } from "../../http/request-context.ts";
import type { SignInResult } from "../../session/session-strategy.ts";
import type { Services } from "../services.ts";
import { startSecondStep, twoFactorOn } from "./two-factor.ts";

/**
 * The common end of every browser sign-in: the `signIn` callback decides; a user with two-factor on
 * then gets no session but the second step (`BASE/two-factor`); everyone else gets one (`issueSession`).
 */
export async function completeSignIn(
  ctx: RequestContext,
  services: Services,
  input: SignInInput,
): Promise<Outcome> {
  const callbackUrl = await ctx.callbackUrl();
  const decision = await askSignInCallback(ctx, input);
  if (decision === false) return failure(ctx, "AccessDenied");
  if (typeof decision === "string") {
    // A redirect chosen by the app still obeys the redirect policy.
    const target = await ctx.validateRedirect(decision);
    if (!target) return failure(ctx, "AccessDenied");
    return redirect(target);
  }
  if (decision !== true) return failure(ctx, "AccessDenied");
  const { user, isNewUser } = await storedUser(ctx, input, () => services.sessions.userId(ctx));
  // A user created by this very sign-in cannot have enrolled yet.
  if (!isNewUser && (await twoFactorOn(ctx, user.id))) {
    return startSecondStep(ctx, {
      userId: user.id,
      providerId: input.account.provider,
      accountType: input.account.type,
      callbackUrl,
    });
  }
  return issueSession(ctx, services, {
    user,
    account: input.account,
    ...(input.profile ? { profile: input.profile } : {}),
    isNewUser,
    callbackUrl,
  });
}

/**
 * Issues the session cookie (a fresh token every time, so no session fixation) and sends the person
 * on: to the new-user page for a new user when one is configured, else to the callback URL. The
 * tail of `completeSignIn`, and of the two-factor step once its code passed.
 */
export async function issueSession(
  ctx: RequestContext,
  { sessions }: Services,
  signIn: SignInResult & { callbackUrl: string },
): Promise<Outcome> {
  const { callbackUrl, ...result } = signIn;
  await sessions.create(ctx, result, "cookie");
  const newUserPage = ctx.config.pages.newUser;
  if (result.isNewUser && newUserPage) {
    const url = new URL(newUserPage, `${ctx.origin}/`);
    url.searchParams.set("callbackUrl", callbackUrl);
    return redirect(url.href);
  }
  return redirect(callbackUrl);
}
