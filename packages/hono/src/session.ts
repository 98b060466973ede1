import type { Gatehouse, Session } from "@gatehouse/core";
import type { MiddlewareHandler } from "hono";

/** What `session()` puts on the context: `c.var.session`, null when signed out. */
export interface SessionEnv {
  Variables: { session: Session | null };
}

/**
 * Reads the session once and puts it on `c.var.session` (null when signed out), for pages that
 * show either state; a later `requireSession` on the same request uses it.
 *
 * @example
 * const app = new Hono<SessionEnv>(); // types c.var.session for every route
 * app.use(session(auth));
 * app.get("/", (c) => c.text(c.var.session ? `Hello ${c.var.session.user?.name}` : "Hello, stranger"));
 */
export function session(auth: Gatehouse): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    c.set("session", await auth.getSession(c.req.raw));
    await next();
  };
}
