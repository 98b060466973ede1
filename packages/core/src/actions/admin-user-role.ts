import { requireRecentSignIn } from "../accounts/recent-sign-in.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { reasonOf, userIdOf } from "../admin/admin-input.ts";
import { requireAdmin, requireMethod } from "../admin/require-admin.ts";
import { refuseSelf, targetUser } from "../admin/target-user.ts";
import { adminUserOf } from "../admin/user-json.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { Services } from "./services.ts";

/**
 * `POST admin-user-role` (JSON) with `id`, `role` — one of `admin.roles`, or `""` for none — and an
 * optional `reason` (the audit log keeps it), for an administrator whose sign-in is recent
 * (`ReauthenticationRequired` otherwise): sets the user's role. Making someone an administrator is as strong as being one, hence the recent sign-in. Answers
 * `{ ok: true, user }`; `RoleUnknown` (400) for a role not configured; `AdminSelfAction` (409) for
 * the administrator's own id (no one demotes the last administrator by a slip).
 */
export async function adminUserRoleAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const request = await requireAdmin(ctx, services);
  const { adapter, admin, current } = request;
  requireMethod(adapter, "setUserRole");
  const id = userIdOf(ctx.body.id);
  const given = ctx.body.role;
  if (typeof given !== "string") throw new AuthError("InvalidBody", { cause: "role must be text" });
  if (given !== "" && !ctx.config.admin.roles.includes(given)) throw new AuthError("RoleUnknown");
  const role = given === "" ? null : given;
  const reason = reasonOf(ctx.body.reason, false);
  refuseSelf(request, id);
  await requireRecentSignIn(ctx, services, current);
  const target = await targetUser(adapter, id);
  const from = target.role ?? null;
  let user = target;
  if (from !== role) {
    const updated = await callAdapter(adapter, "setUserRole", id, role);
    if (!updated) throw new AuthError("UserNotFound", { cause: "deleted while its role changed" });
    user = updated;
    await recordAudit(ctx, {
      kind: "role-changed",
      actorId: admin.id,
      subjectId: id,
      detail: { from, to: role, ...(reason === undefined ? {} : { reason }) },
    });
  }
  return json({ ok: true, user: await adminUserOf(adapter, user, ctx.config.admin) });
}
