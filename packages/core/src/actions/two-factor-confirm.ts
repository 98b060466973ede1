import { keepOrUndo, sessionStillStored } from "../accounts/guarded-change.ts";
import { generationOf } from "../accounts/security-generation.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renewBackupCodes, spendTotpCode, twoFactorUser, wrongCode } from "./lib/two-factor.ts";
import type { Services } from "./services.ts";

/**
 * `POST two-factor-confirm` (JSON) with `code`, the first code of the enrolment just started: proves
 * the app holds the secret, then turns two-factor on (the generation moves on: outstanding links
 * die) and answers `{ ok: true, backupCodes }` — the ten
 * backup codes, shown this once (only their hashes are stored).
 */
export async function twoFactorConfirmAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const signedIn = await twoFactorUser(ctx, services);
  if ("refused" in signedIn) return signedIn.refused;
  const { adapter, userId, current } = signedIn;
  const user = await callAdapter(adapter, "getUser", userId);
  if (!user) throw new AuthError("SessionRequired");
  await sessionStillStored(ctx, services, current);
  const enrolment = await callAdapter(adapter, "getTwoFactor", userId);
  if (!enrolment) throw new AuthError("TwoFactorNotOn");
  if (enrolment.enabledAt) throw new AuthError("TwoFactorAlreadyOn");
  if (!(await spendTotpCode(ctx, adapter, { userId, sealed: enrolment.secret, code: ctx.body.code }))) {
    throw wrongCode(ctx, userId);
  }
  if (!(await callAdapter(adapter, "enableTwoFactor", userId, new Date(ctx.now)))) {
    // Disabled or restarted between the two calls: nothing was turned on.
    throw new AuthError("TwoFactorNotOn");
  }
  // A new factor, kept only if no security change ended this session meanwhile.
  await keepOrUndo(ctx, {
    userId,
    seen: generationOf(user),
    undo: () => callAdapter(adapter, "deleteTwoFactor", userId),
  });
  const backupCodes = await renewBackupCodes(ctx, adapter, userId);
  ctx.config.logger.warn("TwoFactorEnabled", { userId });
  await recordAudit(ctx, { kind: "two-factor-enabled", actorId: userId, subjectId: userId });
  return json({ ok: true, backupCodes });
}
