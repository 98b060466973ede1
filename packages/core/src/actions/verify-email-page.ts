import { callAdapter } from "../adapter/call-adapter.ts";
import type { Outcome } from "../http/outcome.ts";
import { failure, formPageUrl, pageContext } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";
import { normalizeEmail } from "../providers/email-address.ts";
import { requireAccountSignUp } from "./lib/password-settings.ts";

/** The longest user id looked up: ids are UUIDs. */
const MAX_USER_ID_LENGTH = 255;

/**
 * `GET verify-email?token&email&user`: a page with one button, never the verification itself. Mail
 * scanners follow GETs; only the person's click POSTs the token. The page says plainly what the
 * button confirms — an account someone created with this address, and when — so the owner of an
 * address another person signed up with does not confirm that stranger's account by reflex; it
 * offers a password reset instead, which makes the account theirs and removes what was set up.
 */
export async function verifyEmailPageAction(ctx: RequestContext): Promise<Outcome> {
  requireAccountSignUp(ctx);
  const params = ctx.url.searchParams;
  const token = params.get("token");
  const user = params.get("user");
  const email = normalizeEmail(params.get("email"));
  if (!token || !email || !user || user.length > MAX_USER_ID_LENGTH) return failure(ctx, "Verification");
  const account = await callAdapter(ctx.config.adapter!, "getUser", user);
  // Gone, moved to another address or verified already: this link can confirm nothing.
  if (!account || account.email !== email || account.emailVerified) return failure(ctx, "Verification");
  const callbackUrl = await ctx.callbackUrl();
  const page = renderPage(
    {
      page: "confirm-verify-email",
      csrfToken: await ctx.csrfToken(),
      email,
      token,
      user,
      createdAt: account.createdAt ?? null,
      resetUrl: ctx.config.password ? formPageUrl(ctx, "forgot-password", { callbackUrl }) : null,
      callbackUrl,
    },
    pageContext(ctx),
  );
  return { type: "page", page };
}
