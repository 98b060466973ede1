import { AuthError } from "../errors/auth-error.ts";
import { ConfigError } from "../errors/config-error.ts";
import { MethodNotAllowed } from "../errors/method-not-allowed.ts";
import type { Endpoint, ProviderSegment, RouteOf } from "./endpoint.ts";
import { ENDPOINTS } from "./table.ts";

type Row = (typeof ENDPOINTS)[number];

/** Every action of core's own table. */
export type Action = Row["action"];

/** A routed request: a discriminated union, so `providerId` is a string wherever the path has one. */
export type Route = Row extends Endpoint<infer A, infer P> ? RouteOf<A, P> : never;

/** What one path shape (`action` with or without a provider id) takes: its rows by method, and `Allow`. */
interface PathShape {
  byMethod: Map<string, Endpoint>;
  /** Who added each method's row: `core` or a module's id. */
  owners: Map<string, string>;
  allow: string[];
}

/** A row and who added it: `core`, or a module's id. */
export interface OwnedEndpoint {
  row: Endpoint;
  owner: string;
}

/** A routed request: its row of the table and the route its handler receives. */
export interface RouteMatch {
  endpoint: Endpoint;
  route: RouteOf;
}

/**
 * The router of one Gatehouse instance: core's table plus the rows its modules add, built once at
 * start-up. Two rows for one method on one path shape are a ConfigError naming both owners, so a
 * module can neither take over a core endpoint nor another module's.
 */
export class Router {
  /** Path shapes by action, then by provider segment; rows keep table order, so `Allow` lists GET first. */
  readonly #shapes = new Map<string, Partial<Record<ProviderSegment, PathShape>>>();

  constructor(rows: readonly OwnedEndpoint[]) {
    for (const { row, owner } of rows) {
      const shapes = this.#shapes.get(row.action) ?? {};
      const shape: PathShape = shapes[row.provider] ?? { byMethod: new Map(), owners: new Map(), allow: [] };
      const taken = shape.owners.get(row.method);
      if (taken !== undefined) {
        const path = row.provider === "required" ? `${row.action}/<provider>` : row.action;
        throw new ConfigError(
          `Gatehouse: ${row.method} ${path} is added by ${describeOwner(owner)} and by ${describeOwner(taken)}; an endpoint has one owner. Rename one module's action.`,
        );
      }
      shape.byMethod.set(row.method, row);
      shape.owners.set(row.method, owner);
      shape.allow.push(row.method);
      shapes[row.provider] = shape;
      this.#shapes.set(row.action, shapes);
    }
  }

  /**
   * Maps `BASE/<action>[/<providerId>]` and a method to its row and route, or null when the path is
   * not below the base path. Unknown actions, a provider segment where the action takes none (or none
   * where it needs one) and extra segments throw UnknownAction; a method the path does not take
   * throws MethodNotAllowed, whose `Allow` lists exactly what that path takes.
   */
  match(pathname: string, method: string, basePath: string): RouteMatch | null {
    if (!pathname.startsWith(`${basePath}/`)) return null;
    // Two segments at most, read without building an array: this runs on every request.
    const start = basePath.length + 1;
    const slash = pathname.indexOf("/", start);
    const action = slash === -1 ? pathname.slice(start) : pathname.slice(start, slash);
    const providerId = slash === -1 ? null : pathname.slice(slash + 1);
    if (providerId === "" || providerId?.includes("/")) throw new AuthError("UnknownAction");
    const shape = this.#shapes.get(action)?.[providerId === null ? "absent" : "required"];
    if (!shape) throw new AuthError("UnknownAction");
    const endpoint = shape.byMethod.get(method);
    if (!endpoint) throw new MethodNotAllowed(shape.allow);
    return { endpoint, route: { action, providerId } };
  }
}

function describeOwner(owner: string): string {
  return owner === "core" ? "core" : `module "${owner}"`;
}

/** Core's rows, owned by core. */
export const CORE_ROWS: readonly OwnedEndpoint[] = (ENDPOINTS as readonly Endpoint[]).map((row) => ({
  row,
  owner: "core",
}));

/** Built on the first `route()` call: an app's instances build their own, so importing core builds none. */
let coreRouter: Router | undefined;

/** Core's table alone (see `Router.match`): for tests and tools that route without an instance. */
export function route(pathname: string, method: string, basePath: string): Route | null {
  coreRouter ??= new Router(CORE_ROWS);
  return (coreRouter.match(pathname, method, basePath)?.route as Route | undefined) ?? null;
}
