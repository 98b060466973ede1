import type { IncomingMessage } from "node:http";
import type { Gatehouse, Session } from "@gatehouse/core";
import { requestHead } from "./lib/request-head.ts";
import { requestTarget, requestUrl } from "./lib/request-target.ts";

/**
 * The session of a Node request (for pages and API routes), or null when signed out. Never throws;
 * builds no Web `Request`.
 *
 * @example const session = await getSession(auth, req);
 */
export function getSession(auth: Gatehouse, req: IncomingMessage): Promise<Session | null> {
  return auth.getSession(requestHead(req, requestUrl(req, requestTarget(req))));
}

/**
 * The signed-in user's id for a Node request, or null. Never throws.
 *
 * @example const userId = await getUserId(auth, req);
 */
export function getUserId(auth: Gatehouse, req: IncomingMessage): Promise<string | null> {
  return auth.getUserId(requestHead(req, requestUrl(req, requestTarget(req))));
}
