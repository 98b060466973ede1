import { AuthError } from "../errors/auth-error.ts";
import { MethodNotAllowed } from "../errors/method-not-allowed.ts";
import type { Endpoint, ProviderSegment, RouteOf } from "./endpoint.ts";
import { ENDPOINTS } from "./table.ts";

type Row = (typeof ENDPOINTS)[number];

/** Every action the endpoint answers. */
export type Action = Row["action"];

/** A routed request: a discriminated union, so `providerId` is a string wherever the path has one. */
export type Route = Row extends Endpoint<infer A, infer P> ? RouteOf<A, P> : never;

/** What one path shape (`action` with or without a provider id) takes: its rows by method, and `Allow`. */
interface PathShape {
  byMethod: ReadonlyMap<string, Endpoint>;
  allow: readonly string[];
}

/** Path shapes by action, then by provider segment; rows keep table order, so `Allow` lists GET first. */
const SHAPES = new Map<string, Partial<Record<ProviderSegment, PathShape>>>();
for (const row of ENDPOINTS as readonly Endpoint[]) {
  const shapes = SHAPES.get(row.action) ?? {};
  const shape = shapes[row.provider] ?? { byMethod: new Map(), allow: [] };
  shapes[row.provider] = {
    byMethod: new Map([...shape.byMethod, [row.method, row]]),
    allow: [...shape.allow, row.method],
  };
  SHAPES.set(row.action, shapes);
}

/**
 * Maps `BASE/<action>[/<providerId>]` and a method to its row of the action table and its route, or
 * null when the path is not below the base path. Unknown actions, a provider segment where the action
 * takes none (or none where it needs one) and extra segments throw UnknownAction; a method the path
 * does not take throws MethodNotAllowed, whose `Allow` lists exactly what that path takes.
 */
export function matchRoute(
  pathname: string,
  method: string,
  basePath: string,
): { endpoint: Endpoint; route: Route } | null {
  if (!pathname.startsWith(`${basePath}/`)) return null;
  // Two segments at most, read without building an array: this runs on every request.
  const start = basePath.length + 1;
  const slash = pathname.indexOf("/", start);
  const action = slash === -1 ? pathname.slice(start) : pathname.slice(start, slash);
  const providerId = slash === -1 ? null : pathname.slice(slash + 1);
  if (providerId === "" || providerId?.includes("/")) throw new AuthError("UnknownAction");
  const shape = SHAPES.get(action)?.[providerId === null ? "absent" : "required"];
  if (!shape) throw new AuthError("UnknownAction");
  const endpoint = shape.byMethod.get(method);
  if (!endpoint) throw new MethodNotAllowed(shape.allow);
  return { endpoint, route: { action, providerId } as Route };
}

/** The route alone (see `matchRoute`). */
export function route(pathname: string, method: string, basePath: string): Route | null {
  return matchRoute(pathname, method, basePath)?.route ?? null;
}
