import type { IncomingMessage } from "node:http";

/**
 * The request target as the client sent it: Express's `originalUrl` (a router mounted on a path cuts
 * that path off `req.url`), else `req.url`.
 */
export function requestTarget(req: IncomingMessage): string {
  const original: unknown = (req as { originalUrl?: unknown }).originalUrl;
  return typeof original === "string" ? original : (req.url ?? "/");
}

/** The path and query of a target; an absolute-form target (`GET http://host/x`, to proxies) by its own. */
export function pathAndQuery(target: string): string {
  if (target.startsWith("/") || !URL.canParse(target)) return target;
  const url = new URL(target);
  return url.pathname + url.search;
}

/** Whether a request's path is below `basePath` (e.g. `/api/auth/session` below `/api/auth`). */
export function isBelow(req: IncomingMessage, basePath: string): boolean {
  return pathAndQuery(requestTarget(req)).startsWith(`${basePath}/`);
}
