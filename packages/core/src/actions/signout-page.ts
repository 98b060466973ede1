import { toErrorCode } from "../errors/catalogue.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { pageContext } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";

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
