import { toErrorCode } from "../errors/catalogue.ts";
import type { Outcome } from "../http/outcome.ts";
import { pageContext } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";
import { pendingExpired, readPendingSignIn } from "./two-factor.ts";

/**
 * `GET two-factor`: the second step's form, while a pending sign-in cookie opens; without one, the
 * sign-in page with `TwoFactorExpired`. `?method=backup` shows the backup-code form instead.
 */
export async function twoFactorPageAction(ctx: RequestContext): Promise<Outcome> {
  const pending = await readPendingSignIn(ctx);
  if (!pending) return pendingExpired(ctx);
  const method = ctx.url.searchParams.get("method") === "backup" ? "backup" : "totp";
  const error = toErrorCode(ctx.url.searchParams.get("error"));
  const page = renderPage(
    { page: "two-factor", csrfToken: await ctx.csrfToken(), method, error },
    pageContext(ctx),
  );
  return { type: "page", page };
}
