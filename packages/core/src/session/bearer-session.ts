import { bearerToken as readBearer } from "../http/bearer-token.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { Action } from "../http/router.ts";
import type { SessionStrategy } from "./session-strategy.ts";

/** A bound well above any session token (a JWE is ~400–1000 characters). */
const MAX_SESSION_TOKEN_LENGTH = 8192;

/**
 * Endpoints no browser calls — the device's, and the provider's back-channel logout: they take no
 * cookies and set none.
 */
const NON_BROWSER_ACTIONS: ReadonlySet<Action> = new Set([
  "device",
  "device-token",
  "device-signout",
  "backchannel-logout",
]);

/**
 * The request's `Authorization: Bearer` session token, or null. A session cookie wins: a browser's
 * cookie session is never replaced by a header, and the cookie path (the hot one) pays only two map
 * lookups for this.
 */
export function bearerToken(ctx: RequestContext): string | null {
  const name = ctx.names.sessionToken;
  if (ctx.cookies.has(name) || ctx.cookies.has(`${name}.0`)) return null;
  return readBearer(ctx.request, MAX_SESSION_TOKEN_LENGTH);
}

/**
 * True when the answer must set no cookie, not even the CSRF one every browser request gets: the
 * endpoints no browser calls, and `GET session` with a bearer token.
 */
export function isCookieless(ctx: RequestContext, action: Action): boolean {
  if (NON_BROWSER_ACTIONS.has(action)) return true;
  return action === "session" && ctx.request.method === "GET" && bearerToken(ctx) !== null;
}

/**
 * The strategy, with `read` also accepting a bearer session token when the request has no session
 * cookie — for `GET session` and `auth.getSession(request)` alike.
 */
export function withBearerSessions(strategy: SessionStrategy): SessionStrategy {
  return {
    ...strategy,
    read(ctx) {
      const token = bearerToken(ctx);
      return token === null ? strategy.read(ctx) : strategy.readToken(ctx, token);
    },
  };
}
