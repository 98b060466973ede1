import type { Gatehouse, RequestHead, Session } from "@gatehouse/core";
import { getSession, getUserId } from "./get-session.ts";
import { handlers, type RouteHandlers } from "./handlers.ts";
import { type ProtectOptions, type Proxy as ProxyFunction, protect } from "./protect.ts";

/** Everything an App Router app needs from one Gatehouse, in the shape Auth.js v5 apps export. */
export interface GatehouseNext {
  handlers: RouteHandlers;
  /** The session of the current request (server components, server actions, route handlers), or null. */
  auth(request?: RequestHead): Promise<Session | null>;
  userId(request?: RequestHead): Promise<string | null>;
  /** The function for `proxy.ts`: signed-out requests go to the sign-in page (401 for `/api/`). */
  proxy(options?: ProtectOptions): ProxyFunction;
}

/**
 * Binds the Next.js helpers to one Gatehouse, so an app migrating from Auth.js v5 keeps its
 * `export const { handlers, auth } = …` and its `await auth()` calls.
 *
 * @example
 * // auth.ts
 * export const { handlers, auth, proxy } = gatehouseNext(gatehouse({ ... }));
 * // app/page.tsx
 * const session = await auth();
 */
export function gatehouseNext(instance: Gatehouse): GatehouseNext {
  return {
    handlers: handlers(instance),
    auth: (request) => getSession(instance, request),
    userId: (request) => getUserId(instance, request),
    proxy: (options) => protect(instance, options),
  };
}
