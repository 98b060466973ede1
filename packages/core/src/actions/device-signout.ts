import { recordAudit } from "../audit/record-audit.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { RouteOf } from "./endpoint.ts";
import type { Services } from "./services.ts";

/**
 * `POST device-signout` with `Authorization: Bearer <session token>`: ends that session — the
 * database row, or a jwt token's session record (without records a jwt token stays valid until it
 * expires; the device just forgets it). Always `{}`: whether the token was valid is not told.
 */
export async function deviceSignOutAction(
  ctx: RequestContext,
  _route: RouteOf<"device-signout", "absent">,
  { sessions }: Services,
): Promise<Outcome> {
  const userId = sessions.isBearer(ctx) ? await sessions.userId(ctx) : null;
  await sessions.destroy(ctx, "bearer");
  if (userId) {
    await recordAudit(ctx, {
      kind: "sign-out",
      actorId: userId,
      subjectId: userId,
      detail: { device: true },
    });
  }
  return json({});
}
