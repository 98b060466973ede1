import type { Adapter, AdapterUser } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import type { Session } from "../config/options.ts";
import type { RequestContext } from "../http/request-context.ts";
import { recordIdOfTokenHash, type SessionRecords } from "./session-records.ts";
import type { IssuedToken, SessionStrategy } from "./session-strategy.ts";
import { createSessionToken, hashToken, isSessionTokenShape } from "./session-token.ts";

/**
 * Sessions kept in the database (docs/protocol.md §6): the token is random, the database keeps its
 * SHA-256. A read is one indexed lookup; it writes only when update age has passed since the last
 * extension, and an expired row is deleted on sight. Revocation is immediate: no cache sits between
 * the token and the row.
 */
export function databaseStrategy(adapter: Adapter, records: SessionRecords | null = null): SessionStrategy {
  /** The renewed row's record moves with it (once per update age). */
  async function touch(ctx: RequestContext, hash: string, expires: Date): Promise<void> {
    if (records) await records.touch(ctx, await recordIdOfTokenHash(hash), expires);
  }

  return {
    async read(ctx, token) {
      const found = await load(ctx, adapter, token);
      if (!found) return null;
      const { maxAge, updateAge } = ctx.config.session;
      // Rolling expiry. The token stays the same; a cookie is re-sent with the new expiry, a bearer
      // client keeps its token while only the row moves.
      if (found.expires.getTime() - maxAge * 1000 + updateAge * 1000 <= ctx.now) {
        const expires = new Date(ctx.now + maxAge * 1000);
        await callAdapter(adapter, "updateSession", { sessionToken: found.hash, expires });
        await touch(ctx, found.hash, expires);
        return {
          session: await toSession(ctx, found.user, expires),
          userId: found.user.id,
          renewed: { token, expires },
        };
      }
      return { session: await toSession(ctx, found.user, found.expires), userId: found.user.id };
    },

    async readLegacy(ctx, token, { issue }) {
      // A random token reads the same under any cookie name, so nothing tells one set by this app
      // from one a sibling subdomain set: only the operator's `cookies.legacySessionCookie` lets it count.
      if (!ctx.config.legacySessionCookie) return null;
      const found = await load(ctx, adapter, token);
      if (!found) return null;
      return {
        session: await toSession(ctx, found.user, found.expires),
        userId: found.user.id,
        ...(issue ? { renewed: { token, expires: found.expires } } : {}),
      };
    },

    async userId(ctx, token) {
      // The same lookup as a read: an expired or unknown session is nobody.
      return (await load(ctx, adapter, token))?.user.id ?? null;
    },

    create: (ctx, signIn) =>
      newSession(ctx, adapter, records, {
        userId: signIn.user.id,
        method: signIn.account.provider,
        secondFactor: signIn.secondFactor ?? null,
      }),

    async adopt(ctx, claims, { issue }) {
      // next-auth v4 with an adapter kept the stored user's id in `sub`; a person not stored here
      // (v4 without an adapter: `sub` is the provider's id) is nobody.
      if (typeof claims.sub !== "string" || claims.sub === "") return null;
      const user = await callAdapter(adapter, "getUser", claims.sub);
      if (!user) return null;
      if (!issue) {
        const expires = new Date((claims.exp ?? 0) * 1000);
        return { session: await toSession(ctx, user, expires), userId: user.id };
      }
      // What the next-auth v4 session's sign-in passed is not known here: no second factor is claimed.
      const renewed = await newSession(ctx, adapter, records, {
        userId: user.id,
        method: "next-auth-v4",
        secondFactor: null,
      });
      return { session: await toSession(ctx, user, renewed.expires), userId: user.id, renewed };
    },

    async update(ctx, token, data) {
      const found = await load(ctx, adapter, token);
      if (!found) return null;
      const expires = new Date(ctx.now + ctx.config.session.maxAge * 1000);
      await callAdapter(adapter, "updateSession", { sessionToken: found.hash, expires });
      await touch(ctx, found.hash, expires);
      return { session: await toSession(ctx, found.user, expires, data), renewed: { token, expires } };
    },

    async revoke(_ctx, token) {
      // Storage deletes the row's session record with it.
      if (isSessionTokenShape(token)) await callAdapter(adapter, "deleteSession", await hashToken(token));
    },

    async recordId(_ctx, token) {
      if (!records || !isSessionTokenShape(token)) return null;
      return recordIdOfTokenHash(await hashToken(token));
    },
  };
}

/** A fresh random token for every session; only its hash is stored. */
async function newSession(
  ctx: RequestContext,
  adapter: Adapter,
  records: SessionRecords | null,
  signIn: { userId: string; method: string; secondFactor: string | null },
): Promise<IssuedToken> {
  const { userId } = signIn;
  const token = createSessionToken();
  const expires = new Date(ctx.now + ctx.config.session.maxAge * 1000);
  const sessionToken = await hashToken(token);
  // With records, storage writes the row and its record in one transaction (createSessionRecord):
  // two writes in a row left, when the process died between them (or the second failed), a session
  // that no list shows and no single revocation reaches.
  if (records) await records.create(ctx, { ...signIn, expires, sessionTokenHash: sessionToken });
  else await callAdapter(adapter, "createSession", { sessionToken, userId, expires });
  return { token, expires };
}

/** The token's row and user; null for garbage, an unknown token or an expired row (which goes). */
async function load(ctx: RequestContext, adapter: Adapter, token: string) {
  // Only tokens of our own shape are looked up: garbage never reaches the database.
  if (!isSessionTokenShape(token)) return null;
  const hash = await hashToken(token);
  const row = await callAdapter(adapter, "getSessionAndUser", hash);
  // A disabled user's rows were deleted when they were disabled; one written since (a sign-in that
  // raced the disable) still gives no session.
  if (!row || row.user.disabledAt) return null;
  if (row.session.expires.getTime() <= ctx.now) {
    await callAdapter(adapter, "deleteSession", hash);
    return null;
  }
  return { hash, user: row.user, expires: row.session.expires };
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
