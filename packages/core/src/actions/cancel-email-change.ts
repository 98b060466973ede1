import { consumeLink } from "../accounts/account-links.ts";
import { endAllSessions } from "../accounts/end-sessions.ts";
import type { AdapterUser } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { hasErrorCode, isAuthError } from "../errors/auth-error.ts";
import type { Outcome } from "../http/outcome.ts";
import { failure, pageContext, signInPageUrl } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";
import { normalizeEmail } from "../providers/email-address.ts";
import { limit } from "./lib/limit.ts";
import { field } from "./lib/password-settings.ts";
import type { Services } from "./services.ts";

/**
 * `GET cancel-email-change?token&email&user`: "this wasn't me" from the mail to the old address of
 * an email change. A page with one button; mail scanners follow GETs, only the person's click POSTs.
 */
export async function cancelEmailChangePageAction(ctx: RequestContext): Promise<Outcome> {
  const params = ctx.url.searchParams;
  const token = params.get("token");
  const user = params.get("user");
  const email = normalizeEmail(params.get("email"));
  if (!ctx.config.adapter || !token || !email || !user) return failure(ctx, "Verification");
  const page = renderPage(
    {
      page: "confirm-cancel-email-change",
      csrfToken: await ctx.csrfToken(),
      email,
      token,
      user,
      callbackUrl: await ctx.callbackUrl(),
    },
    pageContext(ctx),
  );
  return { type: "page", page };
}

/**
 * `POST cancel-email-change` with the link's `token`, `email` (the old address) and `user`: the old
 * address's owner says the change was not theirs. The link is single use, lives a week, and is
 * bound to the account only — not to its generation, which whoever asked for the change moves at
 * will (completing it does): it keeps working after that. It stops the change and secures the
 * account:
 *
 * - an account whose address changed already gets the old one back, verified (the link went to it),
 *   unless another account has taken it since;
 * - every session ends, on both strategies, and the generation moves on: the pending confirmation
 *   link dies, and every other outstanding link with it;
 * - it is audited (`email-change-cancelled`), and the page leads to a new password — by the usual
 *   reset mail to the address: the link itself never sets a password and never signs anyone in.
 *
 * `Verification` when the link is spent, expired or not this one's.
 */
export async function cancelEmailChangeAction(
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
  const user = await consumeLink(ctx, adapter, { purpose: "cancel-email-change", email, token, userId });
  if (!user) return failure(ctx, "Verification");
  const restored = user.email === email || (await giveBack(ctx, user, email));
  const revoked = await endAllSessions(ctx, services, user.id);
  ctx.config.logger.warn("EmailChangeCancelled", { userId: user.id, restored });
  await recordAudit(ctx, {
    kind: "email-change-cancelled",
    actorId: user.id,
    subjectId: user.id,
    detail: { restored, returned: user.email !== email && restored, count: revoked },
  });
  const page = renderPage(
    {
      page: "email-change-cancelled",
      email,
      restored,
      csrfToken: await ctx.csrfToken(),
      callbackUrl,
      resetAction: ctx.config.password ? `${ctx.baseUrl}/forgot-password` : null,
      signInUrl: signInPageUrl(ctx, { callbackUrl }),
    },
    pageContext(ctx),
  );
  return { type: "page", page };
}

/** The change went through: the old address back, verified; false when another account has it now. */
async function giveBack(ctx: RequestContext, user: AdapterUser, email: string): Promise<boolean> {
  try {
    await callAdapter(ctx.config.adapter!, "updateUser", {
      id: user.id,
      email,
      emailVerified: new Date(ctx.now),
    });
    return true;
  } catch (error) {
    if (isAuthError(error) && hasErrorCode(error.cause, "EmailTaken")) return false;
    throw error;
  }
}
