import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { RouteOf } from "./endpoint.ts";
import type { Services } from "./services.ts";

/** `GET session`: the session (cookie or bearer token), or `{}` (`null` with `session.signedOut: "null"`). */
export async function sessionAction(
  ctx: RequestContext,
  _route: RouteOf<"session", "absent">,
  { sessions }: Services,
): Promise<Outcome> {
  return json((await sessions.read(ctx)) ?? ctx.config.session.signedOut);
}
