import { callAdapter } from "../adapter/call-adapter.ts";
import { toErrorCode } from "../errors/catalogue.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { formPageUrl, pageContext } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";
import { openTotpSecret } from "../two-factor/sealed-secret.ts";
import { limit } from "./lib/limit.ts";
import { type Enrolment, enrolmentOf, requireTwoFactorAdapter, startEnrolment } from "./lib/two-factor.ts";
import type { Services } from "./services.ts";
import { signInFirst } from "./two-factor-setup.ts";

/**
 * `GET two-factor-setup`: turning two-factor on in a page — where `twoFactor.required` sends a user
 * without it after sign-in (or a redirect to the app's own `pages.twoFactorSetup`). Signed out: the
 * sign-in page, back here afterwards. Already on: on to the callback URL. Otherwise the page of the
 * pending enrolment: started here when there is none (as `two-factor-enroll` starts one, and counted
 * in the same rate limit), kept when there is one, so a reload or a wrong code shows the key the app
 * already holds. `POST two-factor-setup` takes its first code (or asks for a new key).
 */
export async function twoFactorSetupPageAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const adapter = requireTwoFactorAdapter(ctx);
  const callbackUrl = await ctx.callbackUrl();
  const error = toErrorCode(ctx.url.searchParams.get("error"));
  if (ctx.config.pages.twoFactorSetup) {
    return redirect(formPageUrl(ctx, "two-factor-setup", { callbackUrl, ...(error ? { error } : {}) }));
  }
  const userId = await services.sessions.userId(ctx);
  const user = userId ? await callAdapter(adapter, "getUser", userId) : null;
  if (!user) return signInFirst(ctx, callbackUrl);
  const current = await callAdapter(adapter, "getTwoFactor", user.id);
  if (current?.enabledAt) return redirect(callbackUrl);
  // A pending secret that no configured app secret opens (rotated away) is replaced.
  const pending = current
    ? await openTotpSecret(ctx.config.keys, { userId: user.id, sealed: current.secret })
    : null;
  let enrolment: Enrolment;
  if (pending !== null) {
    enrolment = enrolmentOf(ctx, user, pending);
  } else {
    const limited = await limit(ctx, services, "twoFactor", user.id);
    if (limited) return limited;
    enrolment = await startEnrolment(ctx, adapter, user);
  }
  const page = renderPage(
    {
      page: "two-factor-setup",
      csrfToken: await ctx.csrfToken(),
      callbackUrl,
      secret: enrolment.secret,
      qrSvg: enrolment.qrSvg,
      error,
    },
    pageContext(ctx),
  );
  return { type: "page", page };
}
