import type { IncomingMessage } from "node:http";
import type { Gatehouse, Session } from "@gatehouse/core";
import { getSession as readSession } from "@gatehouse/node";

/**
 * Sessions already read, per request: `requireSession` and the route after it ask for the same one,
 * and with database sessions every read is a query. Entries go when their request does.
 */
const known = new WeakMap<IncomingMessage, { auth: Gatehouse; session: Promise<Session | null> }>();

/**
 * The session of an Express request, or null when signed out. Read once per request (a route after
 * `requireSession` gets the same one). Never throws.
 *
 * @example
 * app.get("/", async (req, res) => {
 *   const session = await getSession(auth, req);
 *   res.send(session ? `Hello ${session.user?.name}` : "Hello, stranger");
 * });
 */
export function getSession(auth: Gatehouse, req: IncomingMessage): Promise<Session | null> {
  const entry = known.get(req);
  if (entry?.auth === auth) return entry.session;
  const session = readSession(auth, req);
  known.set(req, { auth, session });
  return session;
}
