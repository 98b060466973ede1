import { checkCurrentPassword } from "../accounts/password-check.ts";
import { moveGeneration } from "../accounts/security-generation.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { spendSecondFactor, twoFactorOn, twoFactorUser, wrongCode } from "./lib/two-factor.ts";
import type { Services } from "./services.ts";

/**
 * `POST two-factor-disable` (JSON) with `code` — a TOTP code or a backup code — or `password`, the
 * account's password (for someone who lost the authenticator and the backup codes but is signed
 * in): turns two-factor off and deletes the backup codes. A session alone is not enough, so a
 * borrowed browser cannot switch the second factor off. Answers `{ ok: true }`; a wrong code is
 * `TwoFactorCodeInvalid`, a wrong password `CurrentPasswordIncorrect`.
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
  const password = ctx.body.password;
  const byPassword = typeof password === "string" && password !== "" && ctx.body.code === undefined;
  if (byPassword) {
    if (!(await passwordMatches(ctx, userId, password))) {
      ctx.config.logger.warn("TwoFactorDisableRefused", { userId, cause: "wrong password" });
      throw new AuthError("CurrentPasswordIncorrect");
    }
  } else if (
    !(await spendSecondFactor(ctx, adapter, { userId, totp: ctx.body.code, backupCode: ctx.body.code }))
  ) {
    throw wrongCode(ctx, userId);
  }
  await callAdapter(adapter, "deleteTwoFactor", userId);
  await moveGeneration(adapter, userId);
  ctx.config.logger.warn("TwoFactorDisabled", { userId });
  const detail = { proof: byPassword ? "password" : "code" };
  await recordAudit(ctx, { kind: "two-factor-disabled", actorId: userId, subjectId: userId, detail });
  return json({ ok: true });
}

/** Whether `password` is the user's; false without a Password provider or a stored password. */
async function passwordMatches(ctx: RequestContext, userId: string, password: string): Promise<boolean> {
  const settings = ctx.config.password;
  const adapter = ctx.config.adapter;
  if (!settings || !adapter?.getPasswordHash) return false;
  const user = await callAdapter(adapter, "getUser", userId);
  const stored = user ? await callAdapter(adapter, "getPasswordHash", userId) : null;
  return (
    user !== null && stored !== null && (await checkCurrentPassword(ctx, settings, user, stored, password))
  );
}
