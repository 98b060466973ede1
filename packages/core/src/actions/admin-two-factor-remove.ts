import { moveGeneration } from "../accounts/security-generation.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { reasonOf, userIdOf } from "../admin/admin-input.ts";
import { requireAdmin, requireMethod } from "../admin/require-admin.ts";
import { targetUser } from "../admin/target-user.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { Services } from "./services.ts";

/**
 * `POST admin-two-factor-remove` (JSON) with `id` and `reason` (required, 1–500 characters: why an
 * administrator turned off someone's second factor belongs in the log), for an administrator:
 * deletes the user's TOTP enrolment and backup codes — for someone who lost both — so they sign in
 * with their first factor alone until they enrol again. Answers `{ ok: true }`; `TwoFactorNotOn`
 * (409) when the user has no enabled two-factor.
 */
export async function adminTwoFactorRemoveAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { adapter, admin } = await requireAdmin(ctx, services);
  requireMethod(adapter, "getTwoFactor");
  requireMethod(adapter, "deleteTwoFactor");
  const id = userIdOf(ctx.body.id);
  const reason = reasonOf(ctx.body.reason, true)!;
  const user = await targetUser(adapter, id);
  const enrolment = await callAdapter(adapter, "getTwoFactor", user.id);
  if (!enrolment?.enabledAt) throw new AuthError("TwoFactorNotOn");
  await callAdapter(adapter, "deleteTwoFactor", user.id);
  // A credential change: every outstanding link of theirs dies.
  await moveGeneration(adapter, user.id);
  ctx.config.logger.warn("TwoFactorDisabled", { userId: user.id, by: admin.id });
  await recordAudit(ctx, {
    kind: "two-factor-disabled",
    actorId: admin.id,
    subjectId: user.id,
    detail: { reason },
  });
  return json({ ok: true });
}
