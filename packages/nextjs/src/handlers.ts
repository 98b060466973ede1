import { ConfigError, type Gatehouse } from "@gatehouse/core";
import { belowBasePath } from "./lib/below-base-path.ts";

/** A Next.js route handler: Web `Request` (Next passes a `NextRequest`, which is one) in, `Response` out. */
export type RouteHandler = (request: Request) => Promise<Response>;

/** The methods of the auth endpoint's route module. */
export interface RouteHandlers {
  GET: RouteHandler;
  POST: RouteHandler;
}

/**
 * The auth endpoint as the route handlers of a catch-all route below `auth.basePath`
 * (`app/api/auth/[...gatehouse]/route.ts` for the default `/api/auth`). Next.js sends HEAD to GET
 * (core answers it as for any method it does not take) and answers OPTIONS itself.
 *
 * No client address is passed to core: Next.js gives route handlers no socket address (`NextRequest`
 * has had no `ip` since Next 15). Behind Vercel or a proxy, core's `rateLimit: { trustedProxies: N }`
 * reads the client from the `X-Forwarded-For` the proxy wrote.
 *
 * @example
 * // app/api/auth/[...gatehouse]/route.ts
 * export const { GET, POST } = handlers(auth);
 */
export function handlers(auth: Gatehouse): RouteHandlers {
  const handle: RouteHandler = async (request) => {
    const { pathname } = new URL(request.url);
    // A route folder that does not match the base path would answer every request with a 404
    // UnknownAction; say what is wrong instead.
    if (!belowBasePath(pathname, auth.basePath)) {
      throw new ConfigError(
        `Gatehouse: the auth route handlers got ${pathname}, outside the base path ${auth.basePath}. Put them in app${auth.basePath}/[...gatehouse]/route.ts, or set basePath to the route's folder.`,
      );
    }
    return auth.handler(request);
  };
  return { GET: handle, POST: handle };
}
