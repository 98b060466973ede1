import type { Session } from "../config/options.ts";
import { deleteChunked, readChunked, writeChunked } from "../cookies/chunked-cookie.ts";
import { legacySessionCookieName } from "../cookies/cookie-names.ts";
import { AuthError } from "../errors/auth-error.ts";
import { emitEvent } from "../events/emit-event.ts";
import { bearerToken as readBearer } from "../http/bearer-token.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { NextAuthV4Sessions } from "./next-auth-v4.ts";
import type { IssuedToken, SessionRead, SessionStrategy, SignInResult } from "./session-strategy.ts";

/** A bound well above any session token (a JWE is ~400–1000 characters). */
const MAX_SESSION_TOKEN_LENGTH = 8192;

/** Where a request's session token came from. */
export type SessionTransport = "cookie" | "bearer";

/**
 * The one session transport: a request's token comes from the session cookie (chunked, renewed in
 * place) or, when there is no session cookie, from `Authorization: Bearer` (devices and other
 * non-browser clients: nothing is set, the client keeps its token). The strategy never sees which.
 */
export interface Sessions {
  /**
   * The request's session, renewing the cookie when the strategy renewed the token. `setsCookies:
   * false` when the caller drops the response's cookies (the server-side helpers): a next-auth v4
   * session is then read but not re-issued, since nothing would carry the new token to the browser.
   */
  read(ctx: RequestContext, options?: { setsCookies?: boolean }): Promise<Session | null>;
  /** The signed-in user's id, or null; writes no cookie. */
  userId(ctx: RequestContext): Promise<string | null>;
  /**
   * The user of the request's session cookie under its current name, or null: not a bearer token,
   * nor a cookie still under an old name (a next-auth v4 or pre-`__Host-` one, which a sibling
   * subdomain could have set). Who asks to link an account (docs/protocol.md §9). Writes no cookie.
   */
  cookieUserId(ctx: RequestContext): Promise<string | null>;
  /** The request's session: its user and the id of its session record (null without records); writes no cookie. */
  current(ctx: RequestContext): Promise<{ userId: string; recordId: string | null } | null>;
  /**
   * A new session for a sign-in. `cookie`: set as the session cookie, after ending the session the
   * browser had (every sign-in gets a new token: no fixation). `bearer`: returned to the caller.
   * Null when the `jwt` callback refused. `confirm` runs once the session is stored and before its
   * token goes anywhere: false means what the sign-in checked no longer holds (a security change
   * committed meanwhile), and the session is revoked again and `AccountChanged` thrown.
   */
  create(
    ctx: RequestContext,
    signIn: SignInResult,
    transport: SessionTransport,
    confirm?: () => Promise<boolean>,
  ): Promise<IssuedToken | null>;
  /** `POST session`: applies an update to the cookie session. */
  update(ctx: RequestContext, data: unknown): Promise<Session | null>;
  /**
   * Ends the request's session when its token came by `transport`, clearing the cookie. Sign-out
   * (CSRF-checked) ends the cookie session; the device endpoint only a bearer one, so a cross-site
   * POST there can never end a browser's session.
   */
  destroy(ctx: RequestContext, transport: SessionTransport): Promise<void>;
  /** Whether the request presents a bearer session token (and no session cookie): no cookies for it. */
  isBearer(ctx: RequestContext): boolean;
}

/**
 * Binds a strategy to the transport. A request that has no session cookie and no bearer token may
 * carry the session cookie under its name from before `__Host-` (docs/protocol.md §5), or — with
 * `nextAuthV4` (the `migrate.nextAuthV4` option) — a next-auth v4 session cookie instead.
 */
export function createSessions(
  strategy: SessionStrategy,
  nextAuthV4: NextAuthV4Sessions | null = null,
): Sessions {
  /**
   * The session of a next-auth v4 cookie, adopted by the strategy. With `issue`, the Gatehouse
   * cookie replaces it, and the v4 cookie goes whether it read or not (tampered, expired, another
   * secret's, a person unknown here: signed out), so it is tried once. Storage errors throw first.
   */
  async function fromNextAuthV4(
    ctx: RequestContext,
    v4: NextAuthV4Sessions,
    issue: boolean,
  ): Promise<SessionRead | null> {
    const name = v4.cookieName(ctx.secure);
    if (!ctx.cookies.has(name) && !ctx.cookies.has(`${name}.0`)) return null;
    const token = readChunked(ctx.cookies, name);
    const claims = token ? await v4.decode(token, ctx.now) : null;
    const found = claims ? await strategy.adopt(ctx, claims, { issue }) : null;
    if (issue) {
      deleteChunked(ctx.out, ctx.cookies, name);
      if (found?.renewed) setCookie(ctx, found.renewed);
    }
    return found;
  }

  /**
   * The session of a cookie under the name from before `__Host-` (`legacySessionCookieName`), or
   * undefined when the request has none. With `issue`, it moves: set under the current name, and the
   * old cookie goes whether it read or not, so it is tried once.
   */
  async function fromLegacyCookie(
    ctx: RequestContext,
    issue: boolean,
  ): Promise<SessionRead | null | undefined> {
    const name = legacySessionCookieName(ctx.config.cookiePrefix, ctx.secure);
    if (name === null || (!ctx.cookies.has(name) && !ctx.cookies.has(`${name}.0`))) return undefined;
    const token = readChunked(ctx.cookies, name);
    const found = token ? await strategy.readLegacy(ctx, token, { issue }) : null;
    if (issue) {
      deleteChunked(ctx.out, ctx.cookies, name);
      if (found?.renewed) setCookie(ctx, found.renewed);
    }
    return found;
  }

  /** Sign-in and sign-out end a session still under the old name too, and delete its cookie. */
  async function endLegacy(ctx: RequestContext): Promise<void> {
    const name = legacySessionCookieName(ctx.config.cookiePrefix, ctx.secure);
    if (name === null || (!ctx.cookies.has(name) && !ctx.cookies.has(`${name}.0`))) return;
    const token = readChunked(ctx.cookies, name);
    // Moved first (nothing is written): revocation knows tokens of the current name only.
    const found = token ? await strategy.readLegacy(ctx, token, { issue: true }) : null;
    if (found?.renewed) await strategy.revoke(ctx, found.renewed.token);
    deleteChunked(ctx.out, ctx.cookies, name);
  }

  /** Sign-in and sign-out leave no v4 cookie behind: a later read would adopt it again. */
  function forgetNextAuthV4(ctx: RequestContext): void {
    if (nextAuthV4) deleteChunked(ctx.out, ctx.cookies, nextAuthV4.cookieName(ctx.secure));
  }

  return {
    async read(ctx, options) {
      const incoming = incomingToken(ctx);
      if (!incoming) {
        // Only a request with no session at all pays for the migrations (a few map lookups).
        const legacy = await fromLegacyCookie(ctx, options?.setsCookies ?? true);
        if (legacy) return legacy.session;
        if (!nextAuthV4) return null;
        return (await fromNextAuthV4(ctx, nextAuthV4, options?.setsCookies ?? true))?.session ?? null;
      }
      const found = incoming.token
        ? await strategy.read(ctx, incoming.token, { renew: incoming.via === "cookie" })
        : null;
      // Auth.js's `session` event, on every read: one property test when no handler is configured.
      if (found && ctx.config.events.session) {
        await emitEvent(ctx, "session", { session: found.session, token: { sub: found.userId } });
      }
      if (incoming.via === "bearer") return found?.session ?? null;
      if (!found) {
        clearCookie(ctx); // tampered, expired, revoked or refused: signed out, and its cookies go
        return null;
      }
      if (found.renewed) setCookie(ctx, found.renewed);
      return found.session;
    },

    async userId(ctx) {
      const incoming = incomingToken(ctx);
      if (incoming) return incoming.token ? strategy.userId(ctx, incoming.token) : null;
      const legacy = await fromLegacyCookie(ctx, false);
      if (legacy) return legacy.userId || null;
      if (!nextAuthV4) return null;
      return (await fromNextAuthV4(ctx, nextAuthV4, false))?.userId || null;
    },

    async cookieUserId(ctx) {
      const token = hasSessionCookie(ctx) ? cookieToken(ctx) : null;
      return token ? strategy.userId(ctx, token) : null;
    },

    async current(ctx) {
      const incoming = incomingToken(ctx);
      if (!incoming?.token) return null;
      const userId = await strategy.userId(ctx, incoming.token);
      if (!userId) return null;
      return { userId, recordId: await strategy.recordId(ctx, incoming.token) };
    },

    async create(ctx, signIn, transport, confirm) {
      // Stored first and confirmed after: a security change that commits before the check is seen
      // by it, and one that commits after it deletes this session with the user's others.
      const confirmed = async (issued: IssuedToken | null) => {
        if (issued && confirm && !(await confirm())) {
          await strategy.revoke(ctx, issued.token);
          if (transport === "cookie") clearCookie(ctx);
          throw new AuthError("AccountChanged", { cause: "a security change committed during the sign-in" });
        }
        return issued;
      };
      if (transport === "bearer") return confirmed(await strategy.create(ctx, signIn));
      const previous = cookieToken(ctx);
      if (previous) await strategy.revoke(ctx, previous);
      await endLegacy(ctx);
      forgetNextAuthV4(ctx);
      const issued = await confirmed(await strategy.create(ctx, signIn));
      if (issued) setCookie(ctx, issued);
      else clearCookie(ctx);
      return issued;
    },

    async update(ctx, data) {
      const token = cookieToken(ctx);
      if (!token) return null;
      const updated = await strategy.update(ctx, token, data);
      if (!updated) {
        clearCookie(ctx);
        return null;
      }
      setCookie(ctx, updated.renewed);
      return updated.session;
    },

    async destroy(ctx, transport) {
      if (transport === "cookie") {
        await endLegacy(ctx);
        forgetNextAuthV4(ctx);
      }
      const incoming = incomingToken(ctx);
      if (incoming?.via !== transport) return;
      if (transport === "cookie") clearCookie(ctx);
      if (incoming.token) await strategy.revoke(ctx, incoming.token);
    },

    // Two map lookups on the hot path (a browser with its cookie): no token is read here.
    isBearer: (ctx) => !hasSessionCookie(ctx) && readBearer(ctx.request, MAX_SESSION_TOKEN_LENGTH) !== null,
  };
}

/**
 * The request's session token. A session cookie wins, even one that does not read: a browser's
 * cookie session is never replaced by a header, and the cookie path (the hot one) pays two map
 * lookups for this. `token` is null for a cookie that is empty or whose chunks do not assemble.
 */
function incomingToken(ctx: RequestContext): { token: string | null; via: SessionTransport } | null {
  if (hasSessionCookie(ctx))
    return { token: readChunked(ctx.cookies, ctx.names.sessionToken), via: "cookie" };
  const bearer = readBearer(ctx.request, MAX_SESSION_TOKEN_LENGTH);
  return bearer === null ? null : { token: bearer, via: "bearer" };
}

function hasSessionCookie(ctx: RequestContext): boolean {
  const name = ctx.names.sessionToken;
  return ctx.cookies.has(name) || ctx.cookies.has(`${name}.0`);
}

function cookieToken(ctx: RequestContext): string | null {
  return readChunked(ctx.cookies, ctx.names.sessionToken);
}

function setCookie(ctx: RequestContext, issued: IssuedToken): void {
  writeChunked(ctx.out, ctx.cookies, ctx.names.sessionToken, issued.token, { expires: issued.expires });
}

/** Deletes only the chunks the request had: none when it was signed out. */
function clearCookie(ctx: RequestContext): void {
  deleteChunked(ctx.out, ctx.cookies, ctx.names.sessionToken);
}
