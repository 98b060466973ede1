import { moveGeneration } from "../accounts/security-generation.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import {
  renewBackupCodes,
  spendSecondFactor,
  twoFactorOn,
  twoFactorUser,
  wrongCode,
} from "./lib/two-factor.ts";
import type { Services } from "./services.ts";

/**
 * `POST two-factor-backup-codes` (JSON) with `code` (a TOTP code or a backup code): ten new backup
 * codes replace all the old ones. Answers `{ ok: true, backupCodes }`, shown this once.
 */
export async function twoFactorBackupCodesAction(
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
  const backupCodes = await renewBackupCodes(ctx, adapter, userId);
  await moveGeneration(adapter, userId);
  ctx.config.logger.warn("TwoFactorBackupCodesRenewed", { userId });
  await recordAudit(ctx, { kind: "backup-codes-renewed", actorId: userId, subjectId: userId });
  return json({ ok: true, backupCodes });
}
