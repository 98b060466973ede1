import { consumeLink } from "../accounts/account-links.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { reportAddressProven } from "../audit/report-account.ts";
import type { Outcome } from "../http/outcome.ts";
import { failure, pageContext, signInPageUrl } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";
import { normalizeEmail } from "../providers/email-address.ts";
import { limit } from "./lib/limit.ts";
import { field, requireAccountSignUp } from "./lib/password-settings.ts";
import type { Services } from "./services.ts";

/**
 * `POST verify-email` with the link's `token` and `email`: uses the token up (single use, bound to
 * the address and to this purpose, unexpired) and marks the address verified. Signs nobody in: the
 * page leads on to the sign-in page.
 */
export async function verifyEmailAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  requireAccountSignUp(ctx);
  const callbackUrl = await ctx.callbackUrl();
  const email = normalizeEmail(ctx.body.email);
  const token = field(ctx, "token");
  if (!email || !token) return failure(ctx, "Verification");
  const limited = await limit(ctx, services, "verification");
  if (limited) return limited;
  const adapter = ctx.config.adapter!;
  if (!(await consumeLink(ctx, adapter, { purpose: "verify-email", email, token }))) {
    return failure(ctx, "Verification");
  }
  const user = await callAdapter(adapter, "getUserByEmail", email);
  if (!user) return failure(ctx, "Verification");
  if (!user.emailVerified) {
    const updated = await callAdapter(adapter, "updateUser", {
      id: user.id,
      emailVerified: new Date(ctx.now),
    });
    await reportAddressProven(ctx, updated, { method: "verify-email", firstTime: true });
  }
  const signInUrl = signInPageUrl(ctx, { callbackUrl, notice: "email-verified" });
  return { type: "page", page: renderPage({ page: "email-verified", signInUrl }, pageContext(ctx)) };
}
