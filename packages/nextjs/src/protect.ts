import { ConfigError, type Gatehouse } from "@gatehouse/core";
import { belowBasePath } from "./lib/below-base-path.ts";

/** A Next.js proxy (`proxy.ts`, or the deprecated `middleware.ts`): no response lets the request through. */
export type Proxy = (request: Request) => Promise<Response | undefined>;

/** Options of `protect`. */
export interface ProtectOptions {
  /**
   * Where signed-out visitors are sent, a path on the app's origin; it gets the way back as
   * `callbackUrl` (the request's path and query). Default: the built-in sign-in page,
   * `${auth.basePath}/signin` (which itself sends to `pages.signIn` when one is configured).
   */
  signInPage?: string;
  /** Which requests are answered 401 JSON instead of a redirect. Default: paths below `/api/`. */
  isApiRequest?: (url: URL, request: Request) => boolean;
}

/** The answers depend on the session cookie: no cache may keep them. */
const NO_STORE = { "cache-control": "private, no-store" };

/**
 * A proxy that lets signed-in requests through, sends signed-out page requests to the sign-in page
 * with the way back (302, or 303 after a POST), and answers signed-out API requests
 * `401 {"error":"SessionRequired"}`. The auth endpoint and the sign-in page always pass. Choose what
 * it guards with the proxy's `matcher`.
 *
 * A proxy is the first line only: check the session again where the data is read (`getSession` in
 * the page, route handler or server action), since a matcher or a moved route can leave a path
 * unguarded.
 *
 * @example
 * // proxy.ts
 * export const proxy = protect(auth);
 * export const config = { matcher: ["/account/:path*", "/api/private/:path*"] };
 */
export function protect(auth: Gatehouse, options: ProtectOptions = {}): Proxy {
  const signInPage = options.signInPage ?? `${auth.basePath}/signin`;
  // A path only: an absolute or scheme-relative URL would make this an open redirect to configure.
  if (!signInPage.startsWith("/") || signInPage.startsWith("//") || signInPage.includes("\\")) {
    throw new ConfigError(
      `Gatehouse: protect({ signInPage }) takes a path such as "/login", not ${signInPage}.`,
    );
  }
  const signInPath = new URL(signInPage, "http://localhost").pathname;
  const isApiRequest = options.isApiRequest ?? ((url: URL) => belowBasePath(url.pathname, "/api"));

  return async (request) => {
    const url = new URL(request.url);
    // Signing in must stay reachable, or a matcher that covers these paths would loop.
    if (belowBasePath(url.pathname, auth.basePath) || url.pathname === signInPath) return undefined;
    if (await auth.getSession(request)) return undefined;
    if (isApiRequest(url, request)) {
      return Response.json({ error: "SessionRequired" }, { status: 401, headers: NO_STORE });
    }
    // Absolute, on the request's origin: Next.js resolves a proxy's Location as a URL, and turns a
    // same-host one back into a path for the browser.
    const location = new URL(signInPage, url);
    location.searchParams.set("callbackUrl", url.pathname + url.search);
    // 303 after anything but GET/HEAD (a server action's POST): the sign-in page is fetched with GET.
    const status = request.method === "GET" || request.method === "HEAD" ? 302 : 303;
    return new Response(null, { status, headers: { location: location.href, ...NO_STORE } });
  };
}
