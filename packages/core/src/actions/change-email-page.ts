import type { Outcome } from "../http/outcome.ts";
import { failure, pageContext } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";
import { normalizeEmail } from "../providers/email-address.ts";

/**
 * `GET change-email?token&email&user`: the new address's link opens a page with one button, never
 * the change itself (mail scanners follow GETs; only the person's click POSTs the token).
 */
export async function changeEmailPageAction(ctx: RequestContext): Promise<Outcome> {
  const params = ctx.url.searchParams;
  const token = params.get("token");
  const user = params.get("user");
  const email = normalizeEmail(params.get("email"));
  if (!token || !email || !user) return failure(ctx, "Verification");
  const page = renderPage(
    {
      page: "confirm-change-email",
      csrfToken: await ctx.csrfToken(),
      email,
      token,
      user,
      callbackUrl: await ctx.callbackUrl(),
    },
    pageContext(ctx),
  );
  return { type: "page", page };
}
