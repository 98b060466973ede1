import { AuthError } from "../errors/auth-error.ts";
import { jsonShape, MAX_JSON_DEPTH } from "../http/json-shape.ts";
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
  const text = ctx.body.data;
  // A form field carries JSON the body's own scan did not see: bounded the same way before it is
  // parsed, since the callbacks and the token's sealing walk it.
  if (text !== undefined && jsonShape(text).depth > MAX_JSON_DEPTH) {
    throw new AuthError("InvalidBody", { cause: `data nested deeper than ${MAX_JSON_DEPTH}` });
  }
  let data: unknown;
  try {
    data = text === undefined ? undefined : JSON.parse(text);
  } catch {
    data = text;
  }
  return json((await sessions.update(ctx, data)) ?? ctx.config.session.signedOut);
}
