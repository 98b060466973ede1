import type { Session } from "../config/options.ts";
import { deleteChunked, readChunked, writeChunked } from "../cookies/chunked-cookie.ts";
import { bearerToken as readBearer } from "../http/bearer-token.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { IssuedToken, SessionStrategy, SignInResult } from "./session-strategy.ts";

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
  /** The request's session, renewing the cookie when the strategy renewed the token. */
  read(ctx: RequestContext): Promise<Session | null>;
  /** The signed-in user's id, or null; writes no cookie. */
  userId(ctx: RequestContext): Promise<string | null>;
  /**
   * A new session for a sign-in. `cookie`: set as the session cookie, after ending the session the
   * browser had (every sign-in gets a new token: no fixation). `bearer`: returned to the caller.
   * Null when the `jwt` callback refused.
   */
  create(ctx: RequestContext, signIn: SignInResult, transport: SessionTransport): Promise<IssuedToken | null>;
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

/** Binds a strategy to the transport. */
export function createSessions(strategy: SessionStrategy): Sessions {
  return {
    async read(ctx) {
      const incoming = incomingToken(ctx);
      if (!incoming) return null;
      const found = incoming.token
        ? await strategy.read(ctx, incoming.token, { renew: incoming.via === "cookie" })
        : null;
      if (incoming.via === "bearer") return found?.session ?? null;
      if (!found) {
        clearCookie(ctx); // tampered, expired, revoked or refused: signed out, and its cookies go
        return null;
      }
      if (found.renewed) setCookie(ctx, found.renewed);
      return found.session;
    },

    async userId(ctx) {
      const token = incomingToken(ctx)?.token;
      return token ? strategy.userId(ctx, token) : null;
    },

    async create(ctx, signIn, transport) {
      if (transport === "bearer") return strategy.create(ctx, signIn);
      const previous = cookieToken(ctx);
      if (previous) await strategy.revoke(ctx, previous);
      const issued = await strategy.create(ctx, signIn);
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
