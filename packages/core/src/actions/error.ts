import { errorCatalogue, toErrorCode } from "../errors/catalogue.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { errorPageUrl, pageContext, signInPageUrl } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";

/**
 * `GET error?error=<code>`: sign-in codes go to the sign-in page; others render the error page. An
 * unknown value is never reflected: it becomes `Default`. `RateLimited` shows its own page: it is the
 * `url` of a rate limit's JSON answer (`refusalUrl`), where a next-auth client that follows it lands,
 * and where a refused browser form is redirected, with `until` and `scope` (limit.ts).
 */
export function errorAction(ctx: RequestContext): Outcome {
  const code = toErrorCode(ctx.url.searchParams.get("error")) ?? "Default";
  const entry = errorCatalogue[code];
  if (entry.surface === "signin") return redirect(signInPageUrl(ctx, { error: code }));
  const shown = entry.surface === "error" || code === "RateLimited" ? code : "Default";
  if (ctx.config.pages.error) return redirect(errorPageUrl(ctx, shown));
  const paused = shown === "RateLimited" ? rateLimitedDetail(ctx) : {};
  // With a wait, the page carries it as Retry-After too (error-page.ts).
  return { type: "page", page: renderPage({ page: "error", code: shown, ...paused }, pageContext(ctx)) };
}

/** A day: no pause lasts longer (the lockout's longest is 15 minutes by default). */
const LONGEST_PAUSE_S = 24 * 3600;

/**
 * The wait and scope a refused POST put in the URL (`until`, epoch seconds; `scope`): what is left of
 * the wait now, so a reload counts down. Anything malformed shows the plain page; a past `until`
 * shows none.
 */
function rateLimitedDetail(ctx: RequestContext): {
  retryAfterSeconds?: number;
  scope?: "account" | "network";
} {
  const scope = ctx.url.searchParams.get("scope");
  const until = Number(ctx.url.searchParams.get("until"));
  const left = Number.isSafeInteger(until) ? until - Math.ceil(ctx.now / 1000) : 0;
  return {
    ...(left > 0 && left <= LONGEST_PAUSE_S ? { retryAfterSeconds: left } : {}),
    ...(scope === "account" || scope === "network" ? { scope } : {}),
  };
}
