import { consumeLink } from "../accounts/account-links.ts";
import { sendInBackground } from "../accounts/account-mail.ts";
import { endUserSessions } from "../accounts/end-sessions.ts";
import { hashNewPassword } from "../accounts/password-check.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { failure, formFailure, formPageUrl, signInPageUrl } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { normalizeEmail } from "../providers/email-address.ts";
import { clientOf, limit } from "./lib/limit.ts";
import { field, passwordSettings } from "./lib/password-settings.ts";
import type { Services } from "./services.ts";

/**
 * `POST reset-password` with the link's `token` and `email` and the new `password`. The policy is
 * checked before the token is spent (a refused password leaves the link working). Then: the new
 * hash is stored, the address counts as verified (the link proved it), every session of the user
 * ends — on both strategies — the lockout forgets the account, and the owner gets a "password
 * changed" mail. The person signs in again with the new password.
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
  if (!email || !token) return failure(ctx, "PasswordResetInvalid");
  const limited = await limit(ctx, services, "resetPassword", email);
  if (limited) return limited;
  const password = field(ctx, "password");
  const refused = await settings.checkNewPassword(password);
  if (refused) return formFailure(ctx, "reset-password", refused, { token, email, callbackUrl });

  const adapter = ctx.config.adapter!;
  if (!(await consumeLink(ctx, adapter, { purpose: "reset-password", email, token }))) {
    return failure(ctx, "PasswordResetInvalid");
  }
  const user = await callAdapter(adapter, "getUserByEmail", email);
  if (!user) return failure(ctx, "PasswordResetInvalid");
  await callAdapter(adapter, "setPasswordHash", user.id, await hashNewPassword(settings, password));
  if (!user.emailVerified) {
    await callAdapter(adapter, "updateUser", { id: user.id, emailVerified: new Date(ctx.now) });
  }
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
  return redirect(signInPageUrl(ctx, { callbackUrl, notice: "password-reset" }));
}
