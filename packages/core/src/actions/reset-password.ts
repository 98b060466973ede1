import { consumeLink } from "../accounts/account-links.ts";
import { sendInBackground } from "../accounts/account-mail.ts";
import { claimUnverifiedUser, reportClaim } from "../accounts/claim-unverified-user.ts";
import { endUserSessions } from "../accounts/end-sessions.ts";
import { hashNewPassword } from "../accounts/password-check.ts";
import { generationOf } from "../accounts/security-generation.ts";
import type { AdapterUser } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { clientOf } from "../http/client-address.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { failure, formFailure, formPageUrl, signInPageUrl } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { normalizeEmail } from "../providers/email-address.ts";
import { limit } from "./lib/limit.ts";
import { field, passwordSettings } from "./lib/password-settings.ts";
import type { Services } from "./services.ts";

/**
 * `POST reset-password` with the link's `token`, `email` and `user`, and the new `password`. The
 * policy is checked before the token is spent (a refused password leaves the link working). The link
 * belongs to that account in the state it was sent for (accounts/account-links.ts): a password
 * change, a recovery or an email change since voids it, and it never sets the password of whoever
 * has the address later. Then:
 *
 * - an account whose address was never verified is claimed first: the link is its owner's first
 *   proof of the address, and everything the unproven party set goes (claim-unverified-user.ts);
 * - otherwise the generation moves on from the one the link was checked at (compare-and-set: a
 *   security change that committed since voids it here too);
 *
 * then the new hash is stored, every session of the user ends — on both strategies — the lockout
 * forgets the account, and the owner gets a "password changed" mail. The person signs in again.
 */
export async function resetPasswordAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const settings = passwordSettings(ctx);
  const callbackUrl = await ctx.callbackUrl();
  const email = normalizeEmail(ctx.body.email);
  const token = field(ctx, "token");
  const userId = field(ctx, "user");
  if (!email || !token || !userId) return failure(ctx, "PasswordResetInvalid");
  const limited = await limit(ctx, services, "resetPassword", email);
  if (limited) return limited;
  const password = field(ctx, "password");
  const refused = await settings.checkNewPassword(password);
  if (refused) {
    return formFailure(ctx, "reset-password", refused, { token, email, user: userId, callbackUrl });
  }

  const adapter = ctx.config.adapter!;
  const linked = await consumeLink(ctx, adapter, { purpose: "reset-password", email, token, userId });
  // The address must still be the account's: a change since would have voided the link anyway.
  if (!linked || linked.email !== email) return failure(ctx, "PasswordResetInvalid");
  const proven = await proveAddress(ctx, services, linked);
  if (!proven) return failure(ctx, "PasswordResetInvalid");
  const { user, secured } = proven;
  await callAdapter(adapter, "setPasswordHash", user.id, await hashNewPassword(settings, password));
  await endUserSessions(ctx, services, user, null);
  const lockout = services.limits?.lockout;
  if (lockout) {
    // The owner proved the address: the account-wide counter and this network's go.
    await lockout.succeed({ account: email, client: services.limits!.clientKey(clientOf(ctx)) });
  }
  ctx.config.logger.debug?.("PasswordReset", { userId: user.id });
  // The link proved the address: the person acts as its owner.
  await recordAudit(ctx, { kind: "password-reset", actorId: user.id, subjectId: user.id });
  sendInBackground(ctx, settings.provider, async () => ({
    kind: "password-changed",
    to: email,
    url: formPageUrl(ctx, "forgot-password", {}),
    expires: null,
  }));
  const notice = secured ? "account-secured" : "password-reset";
  return redirect(signInPageUrl(ctx, { callbackUrl, notice }));
}

/**
 * The link's account, now owned by whoever used it: an unverified one claimed, a verified one moved
 * on from the generation the link was checked at. Null when a security change committed since the
 * link was checked (another claim, a reset): the link is void.
 */
async function proveAddress(
  ctx: RequestContext,
  services: Services,
  user: AdapterUser,
): Promise<{ user: AdapterUser; secured: boolean } | null> {
  const adapter = ctx.config.adapter!;
  if (!user.emailVerified) {
    const claimed = await claimUnverifiedUser(ctx, { user });
    if (!claimed) return null;
    const secured = await reportClaim(ctx, services, { ...claimed, method: "reset-password" });
    return { user: claimed.user, secured };
  }
  const moved = await callAdapter(adapter, "bumpSecurityGeneration", user.id, generationOf(user));
  return moved === null ? null : { user, secured: false };
}
