import type { Gatehouse } from "@gatehouse/core";
import { Hono } from "hono";
import { unreadRequest } from "./lib/unread-request.ts";

/**
 * The Gatehouse endpoint as Hono routes: every method below `auth.basePath` goes to `auth.handler`
 * (core answers 404 for unknown actions and 405 with `Allow` for wrong methods). Mount it on the
 * root app, before anything that would answer those paths.
 *
 * @example
 * const app = new Hono();
 * app.route("/", gatehouseRoutes(auth)); // GET /api/auth/session, POST /api/auth/signout, …
 */
export function gatehouseRoutes(auth: Gatehouse): Hono {
  return new Hono().all(`${auth.basePath}/*`, async (c) => auth.handler(await unreadRequest(c.req)));
}
