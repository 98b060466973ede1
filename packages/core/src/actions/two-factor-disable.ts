import { callAdapter } from "../adapter/call-adapter.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { spendSecondFactor, twoFactorOn, twoFactorUser, wrongCode } from "./lib/two-factor.ts";
import type { Services } from "./services.ts";

/**
 * `POST two-factor-disable` (JSON) with `code` — a TOTP code or a backup code: turns two-factor off
 * and deletes the backup codes. A session alone is not enough, so a borrowed browser cannot switch
 * the second factor off. Answers `{ ok: true }`.
 */
export async function twoFactorDisableAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const signedIn = await twoFactorUser(ctx, services);
  if ("refused" in signedIn) return signedIn.refused;
  const { adapter, userId } = signedIn;
  if (!(await twoFactorOn(ctx, userId))) throw new AuthError("TwoFactorNotOn");
  if (!(await spendSecondFactor(ctx, adapter, { userId, totp: ctx.body.code, backupCode: ctx.body.code })))
    throw wrongCode(ctx, userId);
  await callAdapter(adapter, "deleteTwoFactor", userId);
  ctx.config.logger.warn("TwoFactorDisabled", { userId });
  return json({ ok: true });
}
