import { callAdapter } from "../adapter/call-adapter.ts";
import { readChunked } from "../cookies/chunked-cookie.ts";
import { describe } from "../errors/describe.ts";
import type { EventMessages } from "../events/events.ts";
import type { RequestContext } from "../http/request-context.ts";
import { decodeJwt } from "../lib/jwt.ts";
import { hashToken, isSessionTokenShape } from "./session-token.ts";

/**
 * The `signOut` event's message for the request's cookie session, read before it ends — as Auth.js
 * sends it: the stored session (database strategy; its `sessionToken` is the stored hash, never the
 * cookie's token) or the token's claims (jwt). Null when there is no valid session. A storage
 * failure here is logged and gives null: the event is never a reason for sign-out to fail.
 */
export async function signOutMessage(ctx: RequestContext): Promise<EventMessages["signOut"] | null> {
  const token = readChunked(ctx.cookies, ctx.names.sessionToken);
  if (!token) return null;
  try {
    const { adapter } = ctx.config;
    if (ctx.config.session.strategy === "database" && adapter) {
      if (!isSessionTokenShape(token)) return null;
      const found = await callAdapter(adapter, "getSessionAndUser", await hashToken(token));
      return found && found.session.expires.getTime() > ctx.now ? { session: found.session } : null;
    }
    const keys = await ctx.config.keys.encryptionKeys(ctx.names.sessionToken);
    const claims = await decodeJwt({ token, keys, now: ctx.now });
    return claims ? { token: claims } : null;
  } catch (error) {
    ctx.config.logger.error("EventHandlerFailed", { event: "signOut", cause: describe(error) });
    return null;
  }
}
