import type { RequestContext } from "../http/request-context.ts";
import type { Action } from "../http/router.ts";
import type { SessionStrategy } from "../session/session-strategy.ts";

/** RFC 6750 §2.1 `b64token`, and a bound well above any session token (a JWE is ~400–1000 chars). */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]{1,8192}=*) *$/i;

/** The endpoints a device calls: they take no cookies and set none (not browser endpoints). */
const DEVICE_ACTIONS: ReadonlySet<Action> = new Set(["device", "device-token", "device-signout"]);

/**
 * The request's `Authorization: Bearer` session token, or null. A session cookie wins: a browser's
 * cookie session is never replaced by a header, and the cookie path (the hot one) pays only two map
 * lookups for this.
 */
export function bearerToken(ctx: RequestContext): string | null {
  const name = ctx.names.sessionToken;
  if (ctx.cookies.has(name) || ctx.cookies.has(`${name}.0`)) return null;
  const header = ctx.request.headers.get("authorization");
  if (header === null) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/**
 * True when the answer must set no cookie, not even the CSRF one every browser request gets: the
 * device endpoints, and `GET session` with a bearer token.
 */
export function isCookieless(ctx: RequestContext, action: Action): boolean {
  if (DEVICE_ACTIONS.has(action)) return true;
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
