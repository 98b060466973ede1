import type { JWT, Session } from "../config/options.ts";
import { deleteChunked, readChunked, writeChunked } from "../cookies/chunked-cookie.ts";
import type { RequestContext } from "../http/request-context.ts";
import { decodeJwt, encodeJwt } from "../lib/jwt.ts";
import type { SessionStrategy, SignInResult } from "./session-strategy.ts";
import { VerifiedTokenCache } from "./verified-token-cache.ts";

/**
 * Sessions kept entirely in an encrypted cookie (protocol.md §6). A read costs one AES-GCM
 * decryption; the cookie is re-encrypted only when update age has passed since it was issued (or a
 * `jwt` callback changed the token), not on every read; a cookie seen before is not decrypted again
 * (see `VerifiedTokenCache`).
 */
export function jwtStrategy(cache = new VerifiedTokenCache()): SessionStrategy {
  /** The session cookie's token; null when there is none or it does not decrypt and verify. */
  async function decodeCookie(ctx: RequestContext): Promise<Readonly<JWT> | null> {
    const raw = readChunked(ctx.cookies, ctx.names.sessionToken);
    if (!raw) return null;
    const known = cache.get(raw, ctx.now);
    if (known) return known;
    const keys = await ctx.config.keys.encryptionKeys(ctx.names.sessionToken);
    const token = await decodeJwt({ token: raw, keys, now: ctx.now });
    if (token) cache.set(raw, token, ctx.now);
    return token;
  }

  async function readToken(ctx: RequestContext): Promise<Readonly<JWT> | null> {
    const token = await decodeCookie(ctx);
    // Tampered, expired, or sealed with a retired secret: signed out, and its cookies go.
    if (!token) signOut(ctx); // deletes only the chunks the request had: none when signed out
    return token;
  }

  return {
    async read(ctx) {
      const token = await readToken(ctx);
      if (!token) return null;
      const { jwt } = ctx.config.callbacks;
      let next: JWT | null = token;
      let changed = false;
      if (jwt) {
        const before = JSON.stringify(token);
        next = await jwt({ token: structuredClone(token) });
        if (!next) return signOut(ctx);
        changed = JSON.stringify(next) !== before;
      }
      const age = ctx.now / 1000 - (token.iat ?? 0);
      if (changed || age >= ctx.config.session.updateAge) return issue(ctx, next);
      return toSession(ctx, next, token.exp ?? 0);
    },

    async userId(ctx) {
      const token = await decodeCookie(ctx);
      return typeof token?.sub === "string" ? token.sub : null;
    },

    async create(ctx, signIn: SignInResult) {
      const token = await signInToken(ctx, signIn);
      if (!token) {
        signOut(ctx);
        return;
      }
      await issue(ctx, token);
    },

    async update(ctx, data) {
      const token = await readToken(ctx);
      if (!token) return null;
      const { jwt } = ctx.config.callbacks;
      // A copy: the cached claims are shared by every request that sends the same cookie.
      const next = jwt
        ? await jwt({ token: structuredClone(token), trigger: "update", session: data })
        : token;
      if (!next) return signOut(ctx);
      return issue(ctx, next);
    },

    async destroy(ctx) {
      signOut(ctx);
    },

    async issueToken(ctx, signIn: SignInResult) {
      const token = await signInToken(ctx, signIn);
      if (!token) return null;
      // Sealed exactly like the cookie (same key, same claims), so both read the same way.
      const { maxAge } = ctx.config.session;
      const keys = await ctx.config.keys.encryptionKeys(ctx.names.sessionToken);
      const value = await encodeJwt({ token, keys, maxAge, now: ctx.now });
      return { token: value, expires: new Date((Math.floor(ctx.now / 1000) + maxAge) * 1000) };
    },

    async readToken(ctx, raw) {
      let token = cache.get(raw, ctx.now) ?? null;
      if (!token) {
        const keys = await ctx.config.keys.encryptionKeys(ctx.names.sessionToken);
        token = await decodeJwt({ token: raw, keys, now: ctx.now });
        if (!token) return null;
        cache.set(raw, token, ctx.now);
      }
      // The `jwt` callback still decides; a changed token cannot be handed back (no cookie), so the
      // device keeps its token until it expires.
      const { jwt } = ctx.config.callbacks;
      const next = jwt ? await jwt({ token: structuredClone(token) }) : token;
      if (!next) return null;
      return toSession(ctx, next, token.exp ?? 0);
    },

    async revokeToken() {
      // Stateless: nothing to end before `exp` (documented); the device just forgets its token.
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

async function issue(ctx: RequestContext, token: JWT): Promise<Session> {
  const { maxAge } = ctx.config.session;
  const keys = await ctx.config.keys.encryptionKeys(ctx.names.sessionToken);
  const value = await encodeJwt({ token, keys, maxAge, now: ctx.now });
  const exp = Math.floor(ctx.now / 1000) + maxAge;
  writeChunked(ctx.out, ctx.cookies, ctx.names.sessionToken, value, { expires: new Date(exp * 1000) });
  return toSession(ctx, token, exp);
}

async function toSession(ctx: RequestContext, token: JWT, exp: number): Promise<Session> {
  const session: Session = {
    user: dropUndefined({ name: token.name, email: token.email, image: token.picture }),
    expires: new Date(exp * 1000).toISOString(),
  };
  const callback = ctx.config.callbacks.session;
  return callback ? callback({ session, token }) : session;
}

function signOut(ctx: RequestContext): null {
  deleteChunked(ctx.out, ctx.cookies, ctx.names.sessionToken);
  return null;
}

function dropUndefined<T extends Record<string, unknown>>(value: T): T {
  for (const key of Object.keys(value)) if (value[key] === undefined) delete value[key];
  return value;
}
