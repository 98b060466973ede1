import { callAdapter } from "../adapter/call-adapter.ts";
import type { JWT, Session } from "../config/options.ts";
import { legacySessionCookieName } from "../cookies/cookie-names.ts";
import type { RequestContext } from "../http/request-context.ts";
import { decodeJwt, encodeJwt } from "../lib/jwt.ts";
import type { SessionRecords } from "./session-records.ts";
import type { IssuedToken, SessionStrategy, SignInResult } from "./session-strategy.ts";
import type { SessionsValidAfter } from "./sessions-valid-after.ts";
import { VerifiedTokenCache } from "./verified-token-cache.ts";

/**
 * Sessions kept entirely in the token: an encrypted JWT (docs/protocol.md §6). A read costs one
 * AES-GCM decryption; a token is re-encrypted only when update age has passed since it was issued
 * (or a `jwt` callback changed it), not on every read; a token seen before is not decrypted again
 * (see `VerifiedTokenCache`). Nothing stored ends one token early; with `validAfter` (an adapter
 * that keeps per-user times) a password change or reset ends all of a user's older tokens.
 *
 * Each token carries `signed_in_at`, when the sign-in it descends from happened (epoch ms), kept by
 * the strategy across renewals whatever the `jwt` callback returns.
 */
export function jwtStrategy(
  cache = new VerifiedTokenCache(),
  validAfter: SessionsValidAfter | null = null,
  records: SessionRecords | null = null,
): SessionStrategy {
  /**
   * The token's claims; null when it does not decrypt and verify, or its user's sessions were ended.
   * `sealedAs`: the cookie name whose key sealed it, when not the current one (a legacy cookie).
   */
  async function decode(
    ctx: RequestContext,
    raw: string,
    sealedAs: string | null = null,
  ): Promise<Readonly<JWT> | null> {
    // The cache is keyed by the token alone: it holds only tokens of the current name, so a token
    // sealed for the old name never reads from it as one of the new.
    let token: Readonly<JWT> | null | undefined = sealedAs === null ? cache.get(raw, ctx.now) : undefined;
    if (!token) {
      const keys = await ctx.config.keys.encryptionKeys(sealedAs ?? ctx.names.sessionToken);
      token = await decodeJwt({ token: raw, keys, now: ctx.now });
      if (!token) return null;
      if (sealedAs === null) cache.set(raw, token, ctx.now);
    }
    if (validAfter && typeof token.sub === "string") {
      if (signedInAt(token) < (await validAfter.get(token.sub, ctx.now))) return null;
    }
    // A token with a session record is live while its record is (revoked: the record is gone).
    if (records && typeof token.sid === "string" && typeof token.sub === "string") {
      // The record was created before the token that names it was sealed: within `iat`'s second at
      // the latest (a renewed token's record is older still).
      const createdBy = ((token.iat ?? 0) + 1) * 1000;
      if (!(await records.isLive(token.sub, token.sid, { now: ctx.now, createdBy }))) return null;
    }
    return token;
  }

  /** Seals claims keeping what the strategy owns — `signed_in_at`, `sid` — whatever the callback returned. */
  async function reseal(ctx: RequestContext, next: JWT, from: Readonly<JWT>): Promise<IssuedToken> {
    const sid = typeof from.sid === "string" ? from.sid : undefined;
    const renewed = await seal(ctx, { ...next, signed_in_at: signedInAt(from), ...(sid ? { sid } : {}) });
    if (records && sid) await records.touch(ctx, sid, renewed.expires);
    return renewed;
  }

  /**
   * A new token for `claims` of a new session: with records, one is made (with how the session was
   * signed in: `method`, `secondFactor`) and named in `sid`.
   */
  async function sealNew(
    ctx: RequestContext,
    claims: JWT,
    how: { method: string; secondFactor: string | null },
    signedIn: number,
  ): Promise<IssuedToken> {
    if (!records || typeof claims.sub !== "string") return seal(ctx, { ...claims, signed_in_at: signedIn });
    const expires = new Date((Math.floor(ctx.now / 1000) + ctx.config.session.maxAge) * 1000);
    const sid = await records.create(ctx, { userId: claims.sub, ...how, expires, sessionTokenHash: null });
    return seal(ctx, { ...claims, signed_in_at: signedIn, sid });
  }

  return {
    async read(ctx, raw, { renew }) {
      const token = await decode(ctx, raw);
      if (!token) return null;
      const { jwt } = ctx.config.callbacks;
      let next: JWT | null = token;
      let changed = false;
      if (jwt) {
        // A copy: the cached claims are shared by every request that sends the same token.
        const before = JSON.stringify(token);
        next = await jwt({ token: structuredClone(token) });
        if (!next) return null;
        changed = JSON.stringify(next) !== before;
      }
      const age = ctx.now / 1000 - (token.iat ?? 0);
      if (renew && (changed || age >= ctx.config.session.updateAge)) {
        const renewed = await reseal(ctx, next, token);
        return { session: await toSession(ctx, next, renewed.expires), userId: userIdOf(next), renewed };
      }
      return {
        session: await toSession(ctx, next, new Date((token.exp ?? 0) * 1000)),
        userId: userIdOf(next),
      };
    },

    async readLegacy(ctx, raw, { issue }) {
      // Sealed under the old name's key: only a token minted before the rename opens, and nothing
      // mints one any more, so what this accepts ends by itself within the session max age.
      const name = legacySessionCookieName(ctx.config.cookiePrefix, ctx.secure);
      const token = name === null ? null : await decode(ctx, raw, name);
      if (!token) return null;
      const { jwt } = ctx.config.callbacks;
      const next = jwt ? await jwt({ token: structuredClone(token) }) : token;
      if (!next) return null;
      if (!issue) {
        const expires = new Date((token.exp ?? 0) * 1000);
        return { session: await toSession(ctx, next, expires), userId: userIdOf(next) };
      }
      const renewed = await reseal(ctx, next, token);
      return { session: await toSession(ctx, next, renewed.expires), userId: userIdOf(next), renewed };
    },

    async userId(ctx, raw) {
      const token = await decode(ctx, raw);
      return typeof token?.sub === "string" ? token.sub : null;
    },

    async create(ctx, signIn) {
      const token = await signInToken(ctx, signIn);
      if (!token) return null;
      const how = { method: signIn.account.provider, secondFactor: signIn.secondFactor ?? null };
      return sealNew(ctx, token, how, ctx.now);
    },

    async adopt(ctx, claims, { issue }) {
      // With storage, `sub` is a stored user's id everywhere (account linking, provider tokens): a
      // token whose `sub` names nobody stored (v4 ran without an adapter) is nobody here either.
      const { adapter } = ctx.config;
      if (adapter && (typeof claims.sub !== "string" || !(await callAdapter(adapter, "getUser", claims.sub))))
        return null;
      // Every claim carries over (the old `jwt` callback may have added some the app still reads);
      // the times and id are this token's own. The callback then runs as on any read: `{ token }`.
      const { iat: _i, exp, jti: _j, ...token } = claims;
      const { jwt } = ctx.config.callbacks;
      const next = jwt ? await jwt({ token }) : token;
      if (!next) return null;
      if (!issue) {
        const expires = new Date((exp ?? 0) * 1000);
        return { session: await toSession(ctx, next, expires), userId: userIdOf(next) };
      }
      // What the next-auth v4 session's sign-in passed is not known here: no second factor is claimed.
      const how = { method: "next-auth-v4", secondFactor: null };
      const renewed = await sealNew(ctx, next, how, signedInAt(claims));
      return { session: await toSession(ctx, next, renewed.expires), userId: userIdOf(next), renewed };
    },

    async update(ctx, raw, data) {
      const token = await decode(ctx, raw);
      if (!token) return null;
      const { jwt } = ctx.config.callbacks;
      const next = jwt
        ? await jwt({ token: structuredClone(token), trigger: "update", session: data })
        : token;
      if (!next) return null;
      const renewed = await reseal(ctx, next, token);
      return { session: await toSession(ctx, next, renewed.expires), renewed };
    },

    async revoke(ctx, raw) {
      // With records, the token's record goes and the token with it; without, a stateless token
      // lasts until `exp` (documented) and the client just forgets it.
      if (!records) return;
      const token = await decode(ctx, raw);
      if (token && typeof token.sid === "string" && typeof token.sub === "string") {
        await records.remove(token.sub, token.sid);
      }
    },

    async recordId(ctx, raw) {
      const token = await decode(ctx, raw);
      return typeof token?.sid === "string" ? token.sid : null;
    },
  };
}

/** The claims of a new session: the user, shaped by the `jwt` callback (null: refused). */
async function signInToken(ctx: RequestContext, signIn: SignInResult): Promise<JWT | null> {
  const { user, account, profile, isNewUser } = signIn;
  const token: JWT = dropUndefined({
    sub: user.id,
    name: user.name,
    email: user.email,
    picture: user.image,
  });
  const { jwt } = ctx.config.callbacks;
  if (!jwt) return token;
  return jwt({
    token,
    user,
    account,
    ...(profile ? { profile } : {}),
    trigger: isNewUser ? "signUp" : "signIn",
  });
}

async function seal(ctx: RequestContext, token: JWT): Promise<IssuedToken> {
  const { maxAge } = ctx.config.session;
  const keys = await ctx.config.keys.encryptionKeys(ctx.names.sessionToken);
  const value = await encodeJwt({ token, keys, maxAge, now: ctx.now });
  return { token: value, expires: new Date((Math.floor(ctx.now / 1000) + maxAge) * 1000) };
}

async function toSession(ctx: RequestContext, token: JWT, expires: Date): Promise<Session> {
  const session: Session = {
    user: dropUndefined({ name: token.name, email: token.email, image: token.picture }),
    expires: expires.toISOString(),
  };
  const callback = ctx.config.callbacks.session;
  return callback ? callback({ session, token }) : session;
}

/** When the token's sign-in happened (epoch ms): `signed_in_at`, or `iat` for tokens from before it existed. */
function signedInAt(token: Readonly<JWT>): number {
  if (typeof token.signed_in_at === "number") return token.signed_in_at;
  return typeof token.iat === "number" ? token.iat * 1000 : 0;
}

function userIdOf(token: JWT): string {
  return typeof token.sub === "string" ? token.sub : "";
}

function dropUndefined<T extends Record<string, unknown>>(value: T): T {
  for (const key of Object.keys(value)) if (value[key] === undefined) delete value[key];
  return value;
}
