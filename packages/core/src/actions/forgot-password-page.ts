import { toErrorCode } from "../errors/catalogue.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { formPageUrl, pageContext, typedValue } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";
import { passwordSettings } from "./lib/password-settings.ts";

/** `GET forgot-password`: asks for the address to send a reset link to. */
export async function forgotPasswordPageAction(ctx: RequestContext): Promise<Outcome> {
  passwordSettings(ctx);
  const callbackUrl = await ctx.callbackUrl();
  const error = toErrorCode(ctx.url.searchParams.get("error"));
  // A refused form's address, or the one a "check your email" page links here with, shown again.
  const email = typedValue(ctx.url.searchParams.get("email"));
  if (ctx.config.pages.forgotPassword) {
    return redirect(formPageUrl(ctx, "forgot-password", { callbackUrl, ...(error ? { error } : {}) }));
  }
  const page = renderPage(
    {
      page: "forgot-password",
      csrfToken: await ctx.csrfToken(),
      callbackUrl,
      error,
      ...(email ? { email } : {}),
    },
    pageContext(ctx),
  );
  return { type: "page", page };
}
