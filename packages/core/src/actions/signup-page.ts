import { toErrorCode } from "../errors/catalogue.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { formPageUrl, pageContext, typedValue } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";
import { passwordSettings } from "./lib/password-settings.ts";

/** The address and name a refused sign-up had (`email`, `name` in the URL), to show again. */
function typedFields(ctx: RequestContext): { email?: string; name?: string } {
  const email = typedValue(ctx.url.searchParams.get("email"));
  const name = typedValue(ctx.url.searchParams.get("name"));
  return { ...(email ? { email } : {}), ...(name ? { name } : {}) };
}

/** `GET signup`: the sign-up form (or a redirect to the app's own `pages.signUp`). */
export async function signUpPageAction(ctx: RequestContext): Promise<Outcome> {
  const settings = passwordSettings(ctx);
  const callbackUrl = await ctx.callbackUrl();
  const error = toErrorCode(ctx.url.searchParams.get("error"));
  if (ctx.config.pages.signUp) {
    return redirect(formPageUrl(ctx, "signup", { callbackUrl, ...(error ? { error } : {}) }));
  }
  const page = renderPage(
    {
      page: "signup",
      csrfToken: await ctx.csrfToken(),
      callbackUrl,
      error,
      providerName: settings.provider.name,
      passkeySignUp: ctx.config.passkeys?.signUp === true,
      ...typedFields(ctx),
    },
    pageContext(ctx),
  );
  return { type: "page", page };
}
