import { AuthError } from "../errors/auth-error.ts";
import { toErrorCode } from "../errors/catalogue.ts";
import type { Outcome } from "../http/outcome.ts";
import { pageContext } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";
import { passkeySettings } from "./lib/passkeys.ts";

/**
 * `GET passkey-signup`: the page of passkey-only sign-up (email, optional name, then a passkey made
 * by the page's script through `passkey-signup-options` and `passkey-signup`). 404 `UnknownAction`
 * when passkeys are off or `passkeys.signUp` is false, as those endpoints answer.
 */
export async function passkeySignUpPageAction(ctx: RequestContext): Promise<Outcome> {
  const { settings } = passkeySettings(ctx);
  if (!settings.signUp) throw new AuthError("UnknownAction", { cause: "passkeys.signUp is false" });
  const callbackUrl = await ctx.callbackUrl();
  const error = toErrorCode(ctx.url.searchParams.get("error"));
  const page = renderPage(
    { page: "passkey-signup", csrfToken: await ctx.csrfToken(), callbackUrl, error },
    pageContext(ctx),
  );
  return { type: "page", page };
}
