import { errorCatalogue, type Gatehouse, hasErrorCode } from "@gatehouse/core";
import type { Context } from "hono";

/**
 * `GET /api/me/providers/:provider/access-token`: the signed-in user's access token at a provider,
 * refreshed first when it is about to expire, for the app's own front end to call that provider's
 * API. `{ accessToken, expiresAt }` with `Cache-Control: private, no-store`; 401 without a session;
 * 404 for a provider that is not configured or not linked; 401 `ProviderSignInRequired` when the
 * provider refused the refresh token; 502 / 503 when the provider / the database is unavailable.
 *
 * @example app.get("/api/me/providers/:provider/access-token", (c) => providerAccessToken(c, auth));
 */
export async function providerAccessToken(c: Context, auth: Gatehouse): Promise<Response> {
  // A token: no cache, shared or private, may keep it.
  c.header("Cache-Control", "private, no-store");
  const userId = await auth.getUserId(c.req.raw);
  if (userId === null) return c.json({ error: "SessionRequired" }, 401);
  const providerId = c.req.param("provider") ?? "";
  let result: Awaited<ReturnType<Gatehouse["getAccessToken"]>>;
  try {
    result = await auth.getAccessToken(userId, providerId);
  } catch (error) {
    // A provider id that is not an OAuth provider of this app is misuse for getAccessToken, but it
    // came from the URL: a 404, not a server error.
    if (hasErrorCode(error, "UnknownProvider")) return c.json({ error: "UnknownProvider" }, 404);
    throw error;
  }
  if ("error" in result) {
    const status = errorCatalogue[result.error].status as 401 | 404 | 502 | 503;
    return c.json({ error: result.error }, status);
  }
  return c.json({ accessToken: result.accessToken, expiresAt: result.expiresAt });
}
