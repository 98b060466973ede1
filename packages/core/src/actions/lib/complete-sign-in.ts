import { askSignInCallback, type SignInInput } from "../../accounts/sign-in-callback.ts";
import { storedUser } from "../../accounts/stored-user.ts";
import { type Outcome, redirect } from "../../http/outcome.ts";
import { failure } from "../../http/page-urls.ts";
import type { RequestContext } from "../../http/request-context.ts";
import type { Services } from "../services.ts";

/**
 * The common end of every browser sign-in: the `signIn` callback decides, the session transport
 * issues a new session cookie (a fresh token every time, so no session fixation), then the person
 * goes to the callback URL.
 */
export async function completeSignIn(
  ctx: RequestContext,
  { sessions }: Services,
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
  const { user, isNewUser } = await storedUser(ctx, input, () => sessions.userId(ctx));
  await sessions.create(
    ctx,
    { user, account: input.account, ...(input.profile ? { profile: input.profile } : {}), isNewUser },
    "cookie",
  );
  const newUserPage = ctx.config.pages.newUser;
  if (isNewUser && newUserPage) {
    const url = new URL(newUserPage, `${ctx.origin}/`);
    url.searchParams.set("callbackUrl", callbackUrl);
    return redirect(url.href);
  }
  return redirect(callbackUrl);
}
