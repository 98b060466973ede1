import { enableUserInRequest } from "../accounts/disable-user.ts";
import { reasonOf, userIdOf } from "../admin/admin-input.ts";
import { requireAdmin, requireMethod } from "../admin/require-admin.ts";
import { targetUser } from "../admin/target-user.ts";
import { adminUserOf } from "../admin/user-json.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { Services } from "./services.ts";

/**
 * `POST admin-user-enable` (JSON) with `id` and an optional `reason` (the audit log keeps it), for an administrator: a disabled user can sign in again
 * (the sessions that ended stay ended). Answers `{ ok: true, user }`; a user who is not disabled
 * stays as they are.
 */
export async function adminUserEnableAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { adapter, admin } = await requireAdmin(ctx, services);
  requireMethod(adapter, "setUserDisabled");
  const id = userIdOf(ctx.body.id);
  const reason = reasonOf(ctx.body.reason, false);
  const target = await targetUser(adapter, id);
  const user = target.disabledAt
    ? await enableUserInRequest(ctx, {
        userId: id,
        actorId: admin.id,
        ...(reason === undefined ? {} : { reason }),
      })
    : target;
  if (!user) throw new AuthError("UserNotFound", { cause: "deleted while being enabled" });
  return json({ ok: true, user: await adminUserOf(adapter, user, ctx.config.admin) });
}
