import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { RouteOf } from "./endpoint.ts";
import type { Services } from "./services.ts";

/**
 * `POST device-signout` with `Authorization: Bearer <session token>`: ends that session. With the
 * database strategy its row is deleted; a JWT session token is stateless and stays valid until it
 * expires (the device just forgets it). Always `{}`: whether the token was valid is not told.
 */
export async function deviceSignOutAction(
  ctx: RequestContext,
  _route: RouteOf<"device-signout", "absent">,
  { sessions }: Services,
): Promise<Outcome> {
  await sessions.destroy(ctx, "bearer");
  return json({});
}
