import { consumeLink } from "../accounts/account-links.ts";
import { generationOf } from "../accounts/security-generation.ts";
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
 * `POST verify-email` with the link's `token`, `email` and `user`: uses the token up (single use,
 * bound to the address, to this purpose, and to the account that asked for it in the state it was
 * in: a password, passkey or two-factor change since voids it) and marks that account's address
 * verified — it confirms the account as it was when the link was sent, the credentials its creator
 * chose included. Signs nobody in: the page leads on to the sign-in page.
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
  const userId = field(ctx, "user");
  if (!email || !token || !userId) return failure(ctx, "Verification");
  const limited = await limit(ctx, services, "verification");
  if (limited) return limited;
  const adapter = ctx.config.adapter!;
  const user = await consumeLink(ctx, adapter, { purpose: "verify-email", email, token, userId });
  if (!user || user.email !== email) return failure(ctx, "Verification");
  if (!user.emailVerified) {
    // Compare-and-set from the state the link was checked at: a change committed since voids it.
    const moved = await callAdapter(adapter, "bumpSecurityGeneration", user.id, generationOf(user));
    if (moved === null) return failure(ctx, "Verification");
    const updated = await callAdapter(adapter, "updateUser", {
      id: user.id,
      emailVerified: new Date(ctx.now),
    });
    await reportAddressProven(ctx, updated, { method: "verify-email", firstTime: true });
  }
  const signInUrl = signInPageUrl(ctx, { callbackUrl, notice: "email-verified" });
  return { type: "page", page: renderPage({ page: "email-verified", signInUrl }, pageContext(ctx)) };
}
