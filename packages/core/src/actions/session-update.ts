import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { RouteOf } from "./endpoint.ts";
import type { Services } from "./services.ts";

/** `POST session`: updates the session (CSRF-checked by the action table; a refusal is 403 `{}`). */
export async function sessionUpdateAction(
  ctx: RequestContext,
  _route: RouteOf<"session", "absent">,
  { sessions }: Services,
): Promise<Outcome> {
  let data: unknown;
  try {
    data = ctx.body.data === undefined ? undefined : JSON.parse(ctx.body.data);
  } catch {
    data = ctx.body.data;
  }
  return json((await sessions.update(ctx, data)) ?? {});
}
