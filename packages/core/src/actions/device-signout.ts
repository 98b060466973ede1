import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { bearerToken } from "../session/bearer-session.ts";
import type { SessionStrategy } from "../session/session-strategy.ts";

/**
 * `POST device-signout` with `Authorization: Bearer <session token>`: ends that session. With the
 * database strategy its row is deleted; a JWT session token is stateless and stays valid until it
 * expires (the device just forgets it). Always `{}`: whether the token was valid is not told.
 */
export async function deviceSignOutAction(ctx: RequestContext, strategy: SessionStrategy): Promise<Outcome> {
  const token = bearerToken(ctx);
  if (token !== null) await strategy.revokeToken(ctx, token);
  return json({});
}
