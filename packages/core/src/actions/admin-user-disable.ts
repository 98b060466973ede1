import { disableUserInRequest } from "../accounts/disable-user.ts";
import { reasonOf, userIdOf } from "../admin/admin-input.ts";
import { requireAdmin, requireMethod } from "../admin/require-admin.ts";
import { refuseSelf, targetUser } from "../admin/target-user.ts";
import { adminUserOf } from "../admin/user-json.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { Services } from "./services.ts";

/**
 * `POST admin-user-disable` (JSON) with `id` and an optional `reason` (at most 500 characters), for
 * an administrator: the user's sign-in is refused from now on (`AccountDisabled`) and every session
 * of theirs ends at once, on both strategies. Answers `{ ok: true, user }`; a user already disabled
 * stays as they are. `AdminSelfAction` (409) for the administrator's own id.
 */
export async function adminUserDisableAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const request = await requireAdmin(ctx, services);
  const { adapter, admin } = request;
  requireMethod(adapter, "setUserDisabled");
  const id = userIdOf(ctx.body.id);
  const reason = reasonOf(ctx.body.reason, false);
  refuseSelf(request, id);
  const target = await targetUser(adapter, id);
  const user = target.disabledAt
    ? target
    : await disableUserInRequest(ctx, services, {
        userId: id,
        actorId: admin.id,
        ...(reason === undefined ? {} : { reason }),
      });
  if (!user) throw new AuthError("UserNotFound", { cause: "deleted while being disabled" });
  return json({ ok: true, user: await adminUserOf(adapter, user, ctx.config.admin) });
}
