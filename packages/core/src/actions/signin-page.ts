import { toErrorCode } from "../errors/catalogue.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { pageContext, signInPageUrl } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { SignInNotice } from "../pages/page-model.ts";
import type { PageProvider } from "../pages/render-page.ts";
import { renderPage } from "../pages/render-page.ts";

/** The notices a sign-in page URL may ask for; anything else shows none. */
const SIGN_IN_NOTICES: readonly SignInNotice[] = ["password-reset", "email-verified", "account-secured"];

/** `GET signin`: the sign-in page (or a redirect to the custom one), with an optional error code. */
export async function signInPageAction(ctx: RequestContext): Promise<Outcome> {
  const callbackUrl = await ctx.callbackUrl();
  const error = toErrorCode(ctx.url.searchParams.get("error"));
  if (ctx.config.pages.signIn) {
    return redirect(signInPageUrl(ctx, error ? { callbackUrl, error } : { callbackUrl }));
  }
  const providers: PageProvider[] = [...ctx.config.providers.values()].map((p) =>
    p.type === "credentials"
      ? {
          id: p.id,
          name: p.name,
          type: p.type,
          credentials: p.credentials,
          ...(p.style ? { style: p.style } : {}),
        }
      : { id: p.id, name: p.name, type: p.type, ...(p.style ? { style: p.style } : {}) },
  );
  const email = ctx.url.searchParams.get("email") ?? undefined;
  const noticeParam = ctx.url.searchParams.get("notice");
  const notice = SIGN_IN_NOTICES.find((known) => known === noticeParam);
  const page = renderPage(
    {
      page: "signin",
      providers,
      csrfToken: await ctx.csrfToken(),
      callbackUrl,
      error,
      ...(email ? { email } : {}),
      ...(notice ? { notice } : {}),
      ...(ctx.config.passkeys ? { passkeys: { signUp: ctx.config.passkeys.signUp } } : {}),
    },
    pageContext(ctx),
  );
  return { type: "page", page };
}
