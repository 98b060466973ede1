import { AuthError } from "../errors/auth-error.ts";

export type Action =
  | "providers"
  | "session"
  | "csrf"
  | "signin"
  | "signout"
  | "callback"
  | "verify-request"
  | "error"
  | "device"
  | "device-token"
  | "device-signout"
  | "backchannel-logout";

/** Which methods each action takes (protocol.md §1). */
const METHODS: Record<Action, readonly string[]> = {
  providers: ["GET"],
  session: ["GET", "POST"],
  csrf: ["GET"],
  signin: ["GET", "POST"],
  signout: ["GET", "POST"],
  callback: ["GET", "POST"],
  "verify-request": ["GET"],
  error: ["GET"],
  // RFC 8628 device flow (device/): JSON endpoints for devices, never for browsers.
  device: ["POST"],
  "device-token": ["POST"],
  "device-signout": ["POST"],
  // OpenID back-channel logout (logout/): the provider posts a logout token, server to server.
  "backchannel-logout": ["POST"],
};

/** Actions that take a provider id segment. */
const WITH_PROVIDER: ReadonlySet<Action> = new Set([
  "signin",
  "callback",
  "device",
  "device-token",
  "backchannel-logout",
]);

export interface Route {
  action: Action;
  providerId: string | null;
}

/** Thrown for a known action with a method it does not take; carries the `Allow` header value. */
export class MethodNotAllowed extends AuthError {
  readonly allow: string;
  constructor(allow: readonly string[]) {
    super("MethodNotAllowed");
    this.allow = allow.join(", ");
  }
}

/**
 * Maps `BASE/<action>[/<providerId>]` to a route, or null when the path is not below the base path.
 * Unknown actions and extra segments throw UnknownAction; a wrong method throws MethodNotAllowed.
 */
export function route(pathname: string, method: string, basePath: string): Route | null {
  if (!pathname.startsWith(`${basePath}/`)) return null;
  const rest = pathname.slice(basePath.length + 1);
  const segments = rest.split("/");
  const [action, providerId, ...extra] = segments;
  if (!action || !Object.hasOwn(METHODS, action) || extra.length > 0) throw new AuthError("UnknownAction");
  const known = action as Action;
  if (providerId !== undefined && (!WITH_PROVIDER.has(known) || providerId === "")) {
    throw new AuthError("UnknownAction");
  }
  if (known === "callback" && providerId === undefined) throw new AuthError("UnknownAction");
  if (
    (known === "device" || known === "device-token" || known === "backchannel-logout") &&
    providerId === undefined
  ) {
    throw new AuthError("UnknownAction");
  }
  // `signin` takes GET for the page and POST for `signin/<id>` only: a provider sign-in is never
  // started by GET (a login CSRF vector), and the Allow header lists exactly what the path takes.
  const allowed = known === "signin" ? (providerId === undefined ? ["GET"] : ["POST"]) : METHODS[known];
  if (!allowed.includes(method)) throw new MethodNotAllowed(allowed);
  return { action: known, providerId: providerId ?? null };
}
