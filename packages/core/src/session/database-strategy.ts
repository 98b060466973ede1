import type { Adapter, AdapterUser } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import type { Session } from "../config/options.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { SessionStrategy, SignInResult } from "./session-strategy.ts";
import { createSessionToken, hashToken, isSessionTokenShape } from "./session-token.ts";

/**
 * Sessions kept in the database (protocol.md §6): the cookie holds a random token, the database its
 * SHA-256. A read is one indexed lookup; it writes only when update age has passed since the last
 * extension, and an expired row is deleted on sight. Revocation is immediate: no cache sits between
 * the cookie and the row.
 */
export function databaseStrategy(adapter: Adapter): SessionStrategy {
  return {
    async read(ctx) {
      const found = await load(ctx, adapter);
      if (!found) return null;
      const { hash, user } = found;
      let { expires } = found;
      const { maxAge, updateAge } = ctx.config.session;
      if (expires.getTime() - maxAge * 1000 + updateAge * 1000 <= ctx.now) {
        expires = new Date(ctx.now + maxAge * 1000);
        await callAdapter(adapter, "updateSession", { sessionToken: hash, expires });
        ctx.out.set(ctx.names.sessionToken, found.token, { expires });
      }
      return toSession(ctx, user, expires);
    },

    async userId(ctx) {
      // The same lookup as a read: an expired or unknown session is nobody (and its cookie goes).
      return (await load(ctx, adapter))?.user.id ?? null;
    },

    async create(ctx, signIn: SignInResult) {
      // Whatever session the browser had is ended first: every sign-in gets a new token (no fixation).
      const previous = ctx.cookies.get(ctx.names.sessionToken);
      if (previous && isSessionTokenShape(previous)) {
        await callAdapter(adapter, "deleteSession", await hashToken(previous));
      }
      const { token, expires } = await createRow(ctx, adapter, signIn.user.id);
      ctx.out.set(ctx.names.sessionToken, token, { expires });
    },

    async update(ctx, data) {
      const found = await load(ctx, adapter);
      if (!found) return null;
      const expires = new Date(ctx.now + ctx.config.session.maxAge * 1000);
      await callAdapter(adapter, "updateSession", { sessionToken: found.hash, expires });
      ctx.out.set(ctx.names.sessionToken, found.token, { expires });
      return toSession(ctx, found.user, expires, data);
    },

    async destroy(ctx) {
      const token = ctx.cookies.get(ctx.names.sessionToken);
      if (token !== undefined) ctx.out.delete(ctx.names.sessionToken);
      if (token && isSessionTokenShape(token))
        await callAdapter(adapter, "deleteSession", await hashToken(token));
    },

    async issueToken(ctx, signIn: SignInResult) {
      // The same row a browser session gets: the raw token goes to the device, only its hash is kept.
      return createRow(ctx, adapter, signIn.user.id);
    },

    async readToken(ctx, token) {
      if (!isSessionTokenShape(token)) return null;
      const hash = await hashToken(token);
      const row = await callAdapter(adapter, "getSessionAndUser", hash);
      if (!row) return null;
      let { expires } = row.session;
      if (expires.getTime() <= ctx.now) {
        await callAdapter(adapter, "deleteSession", hash);
        return null;
      }
      // Rolling expiry as for a cookie; the device keeps its token, only the row moves.
      const { maxAge, updateAge } = ctx.config.session;
      if (expires.getTime() - maxAge * 1000 + updateAge * 1000 <= ctx.now) {
        expires = new Date(ctx.now + maxAge * 1000);
        await callAdapter(adapter, "updateSession", { sessionToken: hash, expires });
      }
      return toSession(ctx, row.user, expires);
    },

    async revokeToken(_ctx, token) {
      if (isSessionTokenShape(token)) await callAdapter(adapter, "deleteSession", await hashToken(token));
    },
  };
}

/** A new session row: a fresh random token, of which only the hash is stored. */
async function createRow(
  ctx: RequestContext,
  adapter: Adapter,
  userId: string,
): Promise<{ token: string; expires: Date }> {
  const token = createSessionToken();
  const expires = new Date(ctx.now + ctx.config.session.maxAge * 1000);
  await callAdapter(adapter, "createSession", { sessionToken: await hashToken(token), userId, expires });
  return { token, expires };
}

async function load(ctx: RequestContext, adapter: Adapter) {
  const token = ctx.cookies.get(ctx.names.sessionToken);
  if (token === undefined) return null;
  if (!isSessionTokenShape(token)) {
    ctx.out.delete(ctx.names.sessionToken);
    return null;
  }
  const hash = await hashToken(token);
  const row = await callAdapter(adapter, "getSessionAndUser", hash);
  if (!row) {
    ctx.out.delete(ctx.names.sessionToken);
    return null;
  }
  if (row.session.expires.getTime() <= ctx.now) {
    await callAdapter(adapter, "deleteSession", hash);
    ctx.out.delete(ctx.names.sessionToken);
    return null;
  }
  return { token, hash, user: row.user, expires: row.session.expires };
}

async function toSession(
  ctx: RequestContext,
  user: AdapterUser,
  expires: Date,
  update?: unknown,
): Promise<Session> {
  const session: Session = {
    user: { name: user.name ?? null, email: user.email ?? null, image: user.image ?? null },
    expires: expires.toISOString(),
  };
  const callback = ctx.config.callbacks.session;
  if (!callback) return session;
  return callback({
    session,
    token: { sub: user.id },
    user,
    ...(update !== undefined ? { trigger: "update" as const, newSession: update } : {}),
  });
}
