import type { Gatehouse, RequestHead, Session } from "@gatehouse/core";
import { currentRequest } from "./lib/current-request.ts";

/**
 * The session of the current request, or null when signed out: in server components, server actions
 * and route handlers (read through `next/headers`, so a page that calls it renders per request), or
 * of a given request (in `proxy.ts`). Never throws for a bad, expired or tampered session; outside a
 * request, `next/headers` throws as it always does.
 *
 * @example
 * // app/page.tsx
 * const session = await getSession(auth);
 */
export async function getSession(auth: Gatehouse, request?: RequestHead): Promise<Session | null> {
  return auth.getSession(request ?? (await currentRequest()));
}

/**
 * The signed-in user's id for the current request (or a given one), or null. As `getSession`.
 *
 * @example const userId = await getUserId(auth);
 */
export async function getUserId(auth: Gatehouse, request?: RequestHead): Promise<string | null> {
  return auth.getUserId(request ?? (await currentRequest()));
}
