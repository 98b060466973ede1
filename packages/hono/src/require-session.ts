import { errorCatalogue, type Gatehouse, type Session } from "@gatehouse/core";
import type { MiddlewareHandler } from "hono";

/** What `requireSession()` puts on the context: `c.var.session`, never null behind it. */
export interface SignedInEnv {
  Variables: { session: Session };
}

export interface RequireSessionOptions {
  /**
   * Pages: send a signed-out visitor to the sign-in page, with this URL as the way back
   * (`/api/auth/signin?callbackUrl=%2Fdashboard`). Default: answer 401 JSON
   * `{ "error": "SessionRequired", "message": … }`, for API routes.
   */
  redirectToSignIn?: boolean;
}

/** The answer depends on the session: no cache may keep it for someone else, or for later. */
const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * Lets a request through only with a session, which it puts on `c.var.session`. Without one: 401
 * JSON with the catalogue code `SessionRequired`, or with `redirectToSignIn` a redirect to sign in.
 *
 * @example
 * app.get("/api/me", requireSession(auth), (c) => c.json(c.var.session));
 * app.get("/dashboard", requireSession(auth, { redirectToSignIn: true }), (c) => c.html(dashboard(c.var.session)));
 */
export function requireSession(
  auth: Gatehouse,
  options: RequireSessionOptions = {},
): MiddlewareHandler<SignedInEnv> {
  const { status, message } = errorCatalogue.SessionRequired;
  return async (c, next) => {
    // Already read by `session()` earlier on this request (null included): not read twice.
    const known: Session | null | undefined = c.get("session");
    const session = known === undefined ? await auth.getSession(c.req.raw) : known;
    if (session) {
      c.set("session", session);
      await next();
      return;
    }
    if (!options.redirectToSignIn) {
      return c.json({ error: "SessionRequired", message }, status, NO_STORE);
    }
    const url = new URL(c.req.url);
    const callbackUrl = encodeURIComponent(url.pathname + url.search);
    // 303 turns a POST into the GET a sign-in page is; a GET keeps the usual 302.
    const redirectStatus = c.req.method === "GET" || c.req.method === "HEAD" ? 302 : 303;
    c.header("Cache-Control", NO_STORE["Cache-Control"]);
    return c.redirect(`${auth.basePath}/signin?callbackUrl=${callbackUrl}`, redirectStatus);
  };
}
