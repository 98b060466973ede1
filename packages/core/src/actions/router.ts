import { AuthError } from "../errors/auth-error.ts";
import { MethodNotAllowed } from "../errors/method-not-allowed.ts";
import type { Endpoint, RouteOf } from "./endpoint.ts";
import { ENDPOINTS } from "./table.ts";

type Row = (typeof ENDPOINTS)[number];

/** Every action the endpoint answers. */
export type Action = Row["action"];

/** A routed request: a discriminated union, so `providerId` is a string wherever the path has one. */
export type Route = Row extends Endpoint<infer A, infer P> ? RouteOf<A, P> : never;

/** Rows by action, in table order (so `Allow` lists GET before POST). */
const BY_ACTION = new Map<string, Endpoint[]>();
for (const row of ENDPOINTS as readonly Endpoint[]) {
  BY_ACTION.set(row.action, [...(BY_ACTION.get(row.action) ?? []), row]);
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
  const [action = "", providerId, ...extra] = pathname.slice(basePath.length + 1).split("/");
  const rows = BY_ACTION.get(action);
  if (!rows || extra.length > 0 || providerId === "") throw new AuthError("UnknownAction");
  const segment = providerId === undefined ? "absent" : "required";
  const shaped = rows.filter((row) => row.provider === segment);
  if (shaped.length === 0) throw new AuthError("UnknownAction");
  const row = shaped.find((candidate) => candidate.method === method);
  if (!row) throw new MethodNotAllowed(shaped.map((candidate) => candidate.method));
  return { endpoint: row, route: { action, providerId: providerId ?? null } as Route };
}

/** The route alone (see `matchRoute`). */
export function route(pathname: string, method: string, basePath: string): Route | null {
  return matchRoute(pathname, method, basePath)?.route ?? null;
}
