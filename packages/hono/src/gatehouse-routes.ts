import type { Gatehouse } from "@gatehouse/core";
import { type Context, Hono } from "hono";
import { nodeSocketAddress } from "./lib/node-socket-address.ts";
import { unreadRequest } from "./lib/unread-request.ts";

/** Options of `gatehouseRoutes`. */
export interface GatehouseRoutesOptions {
  /**
   * The client's address, for core's per-address rate limits: the socket peer, from your runtime's
   * `getConnInfo` (`hono/bun`, `hono/deno`, …). Default: the socket peer under `@hono/node-server`,
   * null elsewhere (the per-address limits then do not apply). Do not read `X-Forwarded-For` here:
   * behind a proxy, pass the socket peer and set core's `rateLimit.trustedProxies`.
   *
   * @example
   * import { getConnInfo } from "hono/bun";
   * gatehouseRoutes(auth, { clientAddress: (c) => getConnInfo(c).remote.address });
   */
  clientAddress?: (c: Context) => string | null | undefined;
}

/**
 * The Gatehouse endpoint as Hono routes: every method below `auth.basePath` goes to `auth.handler`
 * (core answers 404 for unknown actions and 405 with `Allow` for wrong methods), with the client's
 * address. Mount it on the root app, before anything that would answer those paths.
 *
 * @example
 * const app = new Hono();
 * app.route("/", gatehouseRoutes(auth)); // GET /api/auth/session, POST /api/auth/signout, …
 */
export function gatehouseRoutes(auth: Gatehouse, options: GatehouseRoutesOptions = {}): Hono {
  const clientAddress = options.clientAddress ?? nodeSocketAddress;
  return new Hono().all(`${auth.basePath}/*`, async (c) =>
    auth.handler(await unreadRequest(c.req), { clientAddress: clientAddress(c) ?? null }),
  );
}
