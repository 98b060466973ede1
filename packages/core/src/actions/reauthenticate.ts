import { checkCurrentPassword } from "../accounts/password-check.ts";
import { markReauthenticated } from "../accounts/recent-sign-in.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { accountUser } from "./lib/account-user.ts";
import { limit } from "./lib/limit.ts";
import { spendSecondFactor, twoFactorAdapter } from "./lib/two-factor.ts";
import type { Services } from "./services.ts";

/**
 * `POST reauthenticate` (JSON) with `password`, or `code` (a TOTP or backup code), for the signed-in
 * user: proves it is still them, so sensitive changes are allowed for `account.recentSignInMaxAge`
 * (a sealed cookie bound to this user and session). Answers `{ ok: true, until }`; a wrong password
 * is `CurrentPasswordIncorrect`, a wrong code `TwoFactorCodeInvalid`. Rate limited per user.
 */
export async function reauthenticateAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { user, current } = await accountUser(ctx, services);
  const limited = await limit(ctx, services, "reauthenticate", user.id);
  if (limited) return limited;
  const { password, code } = ctx.body;
  if (typeof password === "string" && password !== "") {
    const settings = ctx.config.password;
    const adapter = ctx.config.adapter!;
    const stored =
      settings && adapter.getPasswordHash ? await callAdapter(adapter, "getPasswordHash", user.id) : null;
    if (!settings || !stored || !(await checkCurrentPassword(ctx, settings, user, stored, password))) {
      ctx.config.logger.warn("ReauthenticationFailed", { userId: user.id, with: "password" });
      throw new AuthError("CurrentPasswordIncorrect");
    }
  } else {
    const adapter = twoFactorAdapter(ctx);
    if (
      !adapter ||
      !(await spendSecondFactor(ctx, adapter, { userId: user.id, totp: code, backupCode: code }))
    ) {
      ctx.config.logger.warn("ReauthenticationFailed", { userId: user.id, with: "code" });
      throw new AuthError("TwoFactorCodeInvalid");
    }
  }
  return json({ ok: true, until: await markReauthenticated(ctx, current) });
}
