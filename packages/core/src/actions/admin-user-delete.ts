import { endAllSessions } from "../accounts/end-sessions.ts";
import { requireRecentSignIn } from "../accounts/recent-sign-in.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { reasonOf, userIdOf } from "../admin/admin-input.ts";
import { requireAdmin, requireMethod } from "../admin/require-admin.ts";
import { refuseSelf, targetUser } from "../admin/target-user.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { Services } from "./services.ts";

/**
 * `POST admin-user-delete` (JSON) with `id` and an optional `reason`, for an administrator whose
 * sign-in is recent (`ReauthenticationRequired` otherwise, as account-delete): ends every session of
 * the user on both strategies, then deletes them and every row storage keeps for them. The audit log
 * keeps its entries about them (by id). Answers `{ ok: true }`; `AdminSelfAction` (409) for the
 * administrator's own id (account-delete is the way).
 */
export async function adminUserDeleteAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const request = await requireAdmin(ctx, services);
  const { adapter, admin, current } = request;
  requireMethod(adapter, "deleteUser");
  const id = userIdOf(ctx.body.id);
  const reason = reasonOf(ctx.body.reason, false);
  refuseSelf(request, id);
  await requireRecentSignIn(ctx, services, current);
  const user = await targetUser(adapter, id);
  // Sessions first, through this instance's caches (a jwt session ends here at once); the records and
  // database sessions would go with the user anyway.
  await endAllSessions(ctx, services, user.id);
  await callAdapter(adapter, "deleteUser", user.id);
  await recordAudit(ctx, {
    kind: "account-deleted",
    actorId: admin.id,
    subjectId: user.id,
    detail: reason === undefined ? {} : { reason },
  });
  return json({ ok: true });
}
