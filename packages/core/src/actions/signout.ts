import { toErrorCode } from "../errors/catalogue.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { pageContext } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { prepareEndSession } from "../logout/end-session.ts";
import type { OAuthFlows } from "../oauth/oauth-flows.ts";
import { renderPage } from "../pages/render-page.ts";
import type { SessionStrategy } from "../session/session-strategy.ts";
import { startSignOutRevocations } from "../tokens/sign-out-revocation.ts";

/** `GET signout`: the confirmation page (a GET never signs out: links and prefetches must not). */
export async function signOutPageAction(ctx: RequestContext): Promise<Outcome> {
  const callbackUrl = await ctx.callbackUrl();
  if (ctx.config.pages.signOut) return redirect(new URL(ctx.config.pages.signOut, `${ctx.origin}/`).href);
  const error = toErrorCode(ctx.url.searchParams.get("error"));
  const page = renderPage(
    {
      page: "signout",
      csrfToken: await ctx.csrfToken(),
      callbackUrl,
      error: error === "MissingCSRF" ? error : null,
    },
    pageContext(ctx),
  );
  return { type: "page", page };
}

/** `POST signout`: ends the session and clears every session cookie chunk, then goes to the callback URL. */
export async function signOutAction(
  ctx: RequestContext,
  strategy: SessionStrategy,
  oauth?: OAuthFlows,
): Promise<Outcome> {
  const callbackUrl = await ctx.callbackUrl();
  if (!(await ctx.verifyCsrf())) {
    await ctx.csrfToken();
    const url = new URL(`${ctx.baseUrl}/signout`);
    url.searchParams.set("error", "MissingCSRF");
    return redirect(url.href, 403);
  }
  // Provider revocation (`revokeTokens`) needs the user id, so it starts before the session goes; the
  // session is destroyed whatever the providers do, and they are waited for concurrently, bounded.
  const revocations = oauth
    ? await startSignOutRevocations({ config: ctx.config, oauth }, ctx, strategy)
    : null;
  // RP-initiated logout (`endSession`) reads the stored ID token before the session goes, too.
  const toProvider = oauth ? await prepareEndSession(ctx, strategy, oauth) : null;
  await strategy.destroy(ctx);
  await revocations?.();
  return redirect((await toProvider?.(callbackUrl)) ?? callbackUrl);
}
