import { errorCatalogue, toErrorCode } from "../errors/catalogue.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { errorPageUrl, pageContext, signInPageUrl } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";

/**
 * `GET error?error=<code>`: sign-in codes go to the sign-in page; others render the error page. An
 * unknown value is never reflected: it becomes `Default`. `RateLimited` shows its own page (without
 * the wait, which only the refused request knew): it is the `url` of a rate limit's JSON answer
 * (`refusalUrl`), where a next-auth client that follows it lands.
 */
export function errorAction(ctx: RequestContext): Outcome {
  const code = toErrorCode(ctx.url.searchParams.get("error")) ?? "Default";
  const entry = errorCatalogue[code];
  if (entry.surface === "signin") return redirect(signInPageUrl(ctx, { error: code }));
  const shown = entry.surface === "error" || code === "RateLimited" ? code : "Default";
  if (ctx.config.pages.error) return redirect(errorPageUrl(ctx, shown));
  return { type: "page", page: renderPage({ page: "error", code: shown }, pageContext(ctx)) };
}
