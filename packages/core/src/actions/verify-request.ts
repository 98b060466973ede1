import { type Outcome, redirect } from "../http/outcome.ts";
import { pageContext } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { PageModel } from "../pages/page-model.ts";
import { renderPage } from "../pages/render-page.ts";
import { normalizeEmail } from "../providers/email-address.ts";

type Kind = "signin" | "signup" | "reset-password";

/**
 * Where "send again" posts for each kind of mail: the same endpoint the first form posted to (a
 * sign-in link to its email provider, a reset to `forgot-password`), and `resend-verification` for a
 * sign-up's confirmation (whose form had a password the page does not have). Null: nothing to post to.
 */
function resendAction(ctx: RequestContext, kind: Kind, providerId: string | null): string | null {
  if (kind === "signup") return ctx.config.password ? `${ctx.baseUrl}/resend-verification` : null;
  if (kind === "reset-password") return ctx.config.password ? `${ctx.baseUrl}/forgot-password` : null;
  const provider = providerId ? ctx.config.providers.get(providerId) : undefined;
  return provider?.type === "email" ? `${ctx.baseUrl}/signin/${encodeURIComponent(provider.id)}` : null;
}

/**
 * `GET verify-request`: the "check your email" page, or a redirect to the custom one. With `email`
 * (set by the endpoints that mail), the page shows the address and offers to send the mail again.
 */
export async function verifyRequestAction(ctx: RequestContext): Promise<Outcome> {
  const custom = ctx.config.pages.verifyRequest;
  if (custom) {
    const url = new URL(custom, `${ctx.origin}/`);
    for (const [key, value] of ctx.url.searchParams) url.searchParams.set(key, value);
    return redirect(url.href);
  }
  const type = ctx.url.searchParams.get("type");
  const kind: Kind = type === "signup" || type === "reset-password" ? type : "signin";
  const resetMaxAge = ctx.config.password?.resetMaxAge;
  // Only an address as the endpoints write it; anything else in the URL shows nothing.
  const email = normalizeEmail(ctx.url.searchParams.get("email"));
  const action = email ? resendAction(ctx, kind, ctx.url.searchParams.get("provider")) : null;
  const model: PageModel = {
    page: "verify-request",
    kind,
    ...(resetMaxAge ? { resetMaxAge } : {}),
    ...(email ? { email } : {}),
    resend: action
      ? { action, csrfToken: await ctx.csrfToken(), callbackUrl: await ctx.callbackUrl() }
      : null,
    resent: ctx.url.searchParams.get("resent") === "1",
  };
  return { type: "page", page: renderPage(model, pageContext(ctx)) };
}
