import { consumeLink } from "../accounts/account-links.ts";
import { generationOf } from "../accounts/security-generation.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { hasErrorCode, isAuthError } from "../errors/auth-error.ts";
import type { Outcome } from "../http/outcome.ts";
import { failure, pageContext } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";
import { normalizeEmail } from "../providers/email-address.ts";
import { limit } from "./lib/limit.ts";
import { field } from "./lib/password-settings.ts";
import type { Services } from "./services.ts";

/**
 * `POST change-email` with the link's `token`, `email` (the new address) and `user`: uses the token
 * (single use, bound to that account at the security generation it was asked for at, that address
 * and this purpose, unexpired) and gives the account the new address, verified — the link proved
 * it. The change is a security change itself: the generation moves on (compare-and-set from the
 * one the link was checked at), voiding every other outstanding link, such as a reset link sent to
 * the old address. `Verification` when the link is spent, expired, voided by a security change or
 * not this one's, or the address was taken meanwhile.
 */
export async function changeEmailAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const adapter = ctx.config.adapter;
  if (!adapter) return failure(ctx, "Verification");
  const callbackUrl = await ctx.callbackUrl();
  const email = normalizeEmail(ctx.body.email);
  const token = field(ctx, "token");
  const userId = field(ctx, "user");
  if (!email || !token || !userId) return failure(ctx, "Verification");
  const limited = await limit(ctx, services, "verification");
  if (limited) return limited;
  const user = await consumeLink(ctx, adapter, { purpose: "change-email", email, token, userId });
  if (!user) return failure(ctx, "Verification");
  if ((await callAdapter(adapter, "bumpSecurityGeneration", user.id, generationOf(user))) === null) {
    return failure(ctx, "Verification");
  }
  try {
    await callAdapter(adapter, "updateUser", { id: user.id, email, emailVerified: new Date(ctx.now) });
  } catch (error) {
    // Someone signed up with the address between the request and the click.
    if (isAuthError(error) && hasErrorCode(error.cause, "EmailTaken")) return failure(ctx, "Verification");
    throw error;
  }
  await recordAudit(ctx, { kind: "email-changed", actorId: user.id, subjectId: user.id, detail: {} });
  const page = renderPage({ page: "email-changed", email, continueUrl: callbackUrl }, pageContext(ctx));
  return { type: "page", page };
}
