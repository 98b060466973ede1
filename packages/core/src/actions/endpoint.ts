import type { Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { Services } from "./services.ts";

/** Whether an endpoint's path carries a provider id segment: `BASE/<action>/<providerId>`. */
export type ProviderSegment = "required" | "absent";

/** The route an endpoint's handler receives: `providerId` is a string exactly when the path has one. */
export interface RouteOf<A extends string = string, P extends ProviderSegment = ProviderSegment> {
  action: A;
  providerId: P extends "required" ? string : null;
}

/**
 * A POST the double-submit CSRF check guards (`csrf` column of the action table). The dispatcher
 * runs the check before the handler, so no handler can forget it.
 */
export interface CsrfRule {
  /** The answer to a POST that fails the check (with a fresh CSRF cookie, so a retry works). */
  refuse(ctx: RequestContext): Promise<Outcome>;
  /** Requests that something else binds instead of the token (an OAuth return: state, PKCE, nonce). */
  exempt?(ctx: RequestContext, providerId: string | null): boolean;
}

/** One row of the action table: one method on one path shape, and the one file that handles it. */
export interface Endpoint<A extends string = string, P extends ProviderSegment = ProviderSegment> {
  method: "GET" | "POST";
  action: A;
  provider: P;
  /** `json`: errors answer JSON with their status; `page`: errors go to the sign-in or error page. */
  answer: "json" | "page";
  /**
   * Whether browsers call it: a browser request gets a CSRF cookie when it has none. The device's
   * endpoints and the provider's back-channel logout take no cookies and set none.
   */
  browser: boolean;
  csrf: CsrfRule | null;
  // A method (not a function property) so that a table of rows with differently typed routes is one
  // array type; the router only ever pairs a row with a route of its own shape.
  handle(ctx: RequestContext, route: RouteOf<A, P>, services: Services): Outcome | Promise<Outcome>;
}

/** Declares a row with its action and provider segment as literal types (so `Route` is derived). */
export function endpoint<const A extends string, const P extends ProviderSegment>(
  row: Endpoint<A, P>,
): Endpoint<A, P> {
  return row;
}
