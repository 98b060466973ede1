import type { Outcome } from "../http/outcome.ts";
import { failure, pageContext } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";
import { normalizeEmail } from "../providers/email-address.ts";
import { requireAccountSignUp } from "./lib/password-settings.ts";

/**
 * `GET verify-email?token&email`: a page with one button, never the verification itself. Mail
 * scanners follow GETs; only the person's click POSTs the token.
 */
export async function verifyEmailPageAction(ctx: RequestContext): Promise<Outcome> {
  requireAccountSignUp(ctx);
  const token = ctx.url.searchParams.get("token");
  const email = normalizeEmail(ctx.url.searchParams.get("email"));
  if (!token || !email) return failure(ctx, "Verification");
  const page = renderPage(
    {
      page: "confirm-verify-email",
      csrfToken: await ctx.csrfToken(),
      email,
      token,
      callbackUrl: await ctx.callbackUrl(),
    },
    pageContext(ctx),
  );
  return { type: "page", page };
}
