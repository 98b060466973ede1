/**
 * Next.js's own request runtime, without a build: a route handler runs in Next's
 * `AppRouteRouteModule` (what a built `route.ts` runs in) and a proxy in Next's proxy adapter, so
 * `next/headers`, `NextRequest` and Next's handling of the returned `Response` are the real ones,
 * not a shim. Both are Next.js internals, not public API: the devDependency pins the exact version,
 * and an upgrade that moves them breaks these tests, never the package.
 */
import "./next-environment.ts";
import { createRequire } from "node:module";
import { NextRequest } from "next/server.js";

const require = createRequire(import.meta.url);

type Handler = (request: Request) => Promise<Response>;

interface RouteModule {
  handle(request: NextRequest, context: object): Promise<Response>;
}
type RouteModuleClass = new (options: {
  userland: () => Partial<Record<"GET" | "POST", Handler>>;
  definition: { kind: "APP_ROUTE"; page: string; pathname: string; filename: string; bundlePath: string };
  distDir: string;
  relativeProjectDir: string;
  resolvedPagePath: string;
  nextConfigOutput: undefined;
}) => RouteModule;
type ProxyAdapter = (params: {
  handler: (request: NextRequest) => Promise<Response | undefined>;
  page: string;
  request: {
    url: string;
    method: string;
    headers: Record<string, string>;
    nextConfig: object;
    signal: AbortSignal;
  };
}) => Promise<{ response: Response }>;

const { AppRouteRouteModule } = require("next/dist/server/route-modules/app-route/module.js") as {
  AppRouteRouteModule: RouteModuleClass;
};
const { adapter } = require("next/dist/server/web/adapter.js") as { adapter: ProxyAdapter };

/**
 * Serves `request` with a route module's handlers as `next start` does: in `app/<dir>/route.ts`,
 * e.g. `api/auth/[...gatehouse]`.
 */
export function runRoute(
  dir: string,
  userland: Partial<Record<"GET" | "POST", Handler>>,
  request: Request,
): Promise<Response> {
  const routeModule = new AppRouteRouteModule({
    userland: () => userland,
    definition: {
      kind: "APP_ROUTE",
      page: `/${dir}/route`,
      pathname: `/${dir}`,
      filename: "route",
      bundlePath: `app/${dir}/route`,
    },
    distDir: "/nonexistent/.next",
    relativeProjectDir: "",
    resolvedPagePath: `/nonexistent/app/${dir}/route.ts`,
    nextConfigOutput: undefined,
  });
  return routeModule.handle(new NextRequest(request), {
    params: Promise.resolve({}),
    renderOpts: { experimental: {}, cacheComponents: false },
    sharedContext: { buildId: "test" },
  });
}

/**
 * Runs `request` through a proxy as `next start` does: `proxy.ts`, or the deprecated `middleware.ts`
 * with `file: "middleware"`. A request let through gets `x-middleware-next`.
 */
export async function runProxy(
  proxy: (request: NextRequest) => Promise<Response | undefined>,
  request: Request,
  file: "proxy" | "middleware" = "proxy",
): Promise<Response> {
  const { response } = await adapter({
    handler: proxy,
    page: `/${file}`,
    request: {
      url: request.url,
      method: request.method,
      headers: Object.fromEntries(request.headers),
      nextConfig: {},
      signal: request.signal,
    },
  });
  return response;
}
