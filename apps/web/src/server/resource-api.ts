import { type AccessTokenVerifier, hasScopes, type Principal } from "@gatehouse/core";
import { type Context, Hono } from "hono";

/** What the auth middleware hands the routes: the token's principal. */
type ResourceEnv = { Variables: { principal: Principal } };

/** The scope `GET /api/resource/items` needs. */
export const ITEMS_SCOPE = "api:read";

/**
 * A small JSON API for other programs, protected by `Authorization: Bearer` access tokens from the
 * configured issuer (RFC 6750): `GET /whoami` for any valid token, `GET /items` for one with the
 * `api:read` scope. A missing or bad token is 401 `invalid_token`, a missing scope 403
 * `insufficient_scope`; nothing is cached.
 *
 * @example app.route("/api/resource", resourceApi(createAccessTokenVerifier({ issuer, audience })));
 */
export function resourceApi(verify: AccessTokenVerifier): Hono<ResourceEnv> {
  const api = new Hono<ResourceEnv>();

  api.use("*", async (c, next) => {
    // Answers depend on the caller's token: no shared cache may keep them.
    c.header("Cache-Control", "no-store");
    const principal = await verify(c.req.raw);
    if (principal === null) {
      // RFC 6750 §3.1: no error code when the request carried no token at all.
      const hasToken = c.req.header("authorization") !== undefined;
      c.header("WWW-Authenticate", hasToken ? 'Bearer error="invalid_token"' : "Bearer");
      return c.json({ error: hasToken ? "invalid_token" : "unauthorized" }, 401);
    }
    c.set("principal", principal);
    await next();
  });

  api.get("/whoami", (c) => {
    const { subject, clientId, scopes, expiresAt, source } = c.get("principal");
    return c.json({ subject, clientId, scopes, expiresAt, source });
  });

  api.get("/items", (c) => {
    if (!hasScopes(c.get("principal"), [ITEMS_SCOPE])) return insufficientScope(c, ITEMS_SCOPE);
    return c.json({
      items: [
        { id: 1, name: "first" },
        { id: 2, name: "second" },
      ],
    });
  });

  api.all("*", (c) => c.json({ error: "NotFound" }, 404));
  return api;
}

function insufficientScope(c: Context, scope: string): Response {
  c.header("WWW-Authenticate", `Bearer error="insufficient_scope", scope="${scope}"`);
  return c.json({ error: "insufficient_scope", scope }, 403);
}
