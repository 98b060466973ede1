import type { Services } from "../actions/services.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { AuthError } from "../errors/auth-error.ts";
import type { RequestContext } from "../http/request-context.ts";
import { decodeJwt, encodeJwt } from "../lib/jwt.ts";

/** HKDF purpose of the reauthentication cookie's key: useless as any other cookie or token. */
const PURPOSE = "gatehouse.reauthenticated";

/** Whether the signed-in person proved themselves lately, and until when that holds. */
export interface RecentSignIn {
  fresh: boolean;
  /** When it stops holding (ISO), or null when it does not hold. */
  until: string | null;
  /** Seconds a sign-in or reauthentication counts as recent (`account.recentSignInMaxAge`). */
  maxAge: number;
}

/** The reauthentication cookie's name: `<prefix>.reauthenticated`, `__Host-` on https. */
function cookieName(ctx: RequestContext): string {
  return `${ctx.secure ? "__Host-" : ""}${ctx.config.cookiePrefix}.reauthenticated`;
}

/**
 * Whether the request's session began (its record's creation: the sign-in) or was reauthenticated
 * (the sealed cookie `reauthenticate` sets, bound to the user and this session) within
 * `account.recentSignInMaxAge`. Without session records only the cookie counts.
 */
export async function recentSignIn(
  ctx: RequestContext,
  services: Services,
  current: { userId: string; recordId: string | null },
): Promise<RecentSignIn> {
  const maxAge = ctx.config.account.recentSignInMaxAge;
  let since = 0;
  const adapter = ctx.config.adapter;
  if (current.recordId && services.records && adapter?.listSessionRecords) {
    const records = await callAdapter(adapter, "listSessionRecords", current.userId, new Date(ctx.now));
    since = records.find((record) => record.id === current.recordId)?.createdAt.getTime() ?? 0;
  }
  const value = ctx.cookies.get(cookieName(ctx));
  if (value) {
    const keys = await ctx.config.keys.encryptionKeys(PURPOSE);
    const claims = await decodeJwt({ token: value, keys, now: ctx.now });
    const sameSession = claims?.sid === (current.recordId ?? null) && claims?.sub === current.userId;
    if (sameSession && typeof claims?.at === "number") since = Math.max(since, claims.at);
  }
  const until = since + maxAge * 1000;
  return until > ctx.now
    ? { fresh: true, until: new Date(until).toISOString(), maxAge }
    : { fresh: false, until: null, maxAge };
}

/** The start of a sensitive action: `ReauthenticationRequired` (403) unless the sign-in is recent. */
export async function requireRecentSignIn(
  ctx: RequestContext,
  services: Services,
  current: { userId: string; recordId: string | null },
): Promise<void> {
  if (!(await recentSignIn(ctx, services, current)).fresh) throw new AuthError("ReauthenticationRequired");
}

/** Marks this session as just reauthenticated: a sealed cookie for `recentSignInMaxAge`, bound to the user and session. */
export async function markReauthenticated(
  ctx: RequestContext,
  current: { userId: string; recordId: string | null },
): Promise<string> {
  const maxAge = ctx.config.account.recentSignInMaxAge;
  const keys = await ctx.config.keys.encryptionKeys(PURPOSE);
  const value = await encodeJwt({
    token: { sub: current.userId, sid: current.recordId, at: ctx.now },
    keys,
    maxAge,
    now: ctx.now,
  });
  ctx.out.set(cookieName(ctx), value, { maxAge });
  return new Date(ctx.now + maxAge * 1000).toISOString();
}
