import { toErrorCode } from "../errors/catalogue.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { failure, formPageUrl, pageContext } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";
import { normalizeEmail } from "../providers/email-address.ts";
import { passwordSettings } from "./lib/password-settings.ts";

/**
 * `GET reset-password?token&email&user`: the new-password form. Opening it uses nothing up (mail scanners
 * may open it); only its POST spends the token.
 */
export async function resetPasswordPageAction(ctx: RequestContext): Promise<Outcome> {
  passwordSettings(ctx);
  const token = ctx.url.searchParams.get("token");
  const user = ctx.url.searchParams.get("user");
  const email = normalizeEmail(ctx.url.searchParams.get("email"));
  if (!token || !email || !user) return failure(ctx, "PasswordResetInvalid");
  const callbackUrl = await ctx.callbackUrl();
  const error = toErrorCode(ctx.url.searchParams.get("error"));
  if (ctx.config.pages.resetPassword) {
    return redirect(
      formPageUrl(ctx, "reset-password", { token, email, user, callbackUrl, ...(error ? { error } : {}) }),
    );
  }
  const page = renderPage(
    { page: "reset-password", csrfToken: await ctx.csrfToken(), email, token, user, callbackUrl, error },
    pageContext(ctx),
  );
  return { type: "page", page };
}
