import { toErrorCode } from "../errors/catalogue.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";
import type { SessionStrategy } from "../session/session-strategy.ts";
import { pageContext } from "./page-urls.ts";

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
export async function signOutAction(ctx: RequestContext, strategy: SessionStrategy): Promise<Outcome> {
  const callbackUrl = await ctx.callbackUrl();
  if (!(await ctx.verifyCsrf())) {
    await ctx.csrfToken();
    const url = new URL(`${ctx.baseUrl}/signout`);
    url.searchParams.set("error", "MissingCSRF");
    return redirect(url.href, 403);
  }
  await strategy.destroy(ctx);
  return redirect(callbackUrl);
}
