import { AuthError } from "../../errors/auth-error.ts";
import type { RequestContext } from "../../http/request-context.ts";
import type { SessionRecords } from "../../session/session-records.ts";
import type { Services } from "../services.ts";

/**
 * The start of every session-management endpoint: storage that keeps session records (else 404
 * `SessionsUnavailable`), and a session (else `SessionRequired`): the user and this session's record.
 */
export async function signedInWithRecords(
  ctx: RequestContext,
  services: Services,
): Promise<{ records: SessionRecords; userId: string; currentId: string | null }> {
  const { records } = services;
  if (!records) throw new AuthError("SessionsUnavailable");
  const current = await services.sessions.current(ctx);
  if (!current) throw new AuthError("SessionRequired");
  return { records, userId: current.userId, currentId: current.recordId };
}

/**
 * Ends the session this request came with, however it came: the cookie (cleared), or a bearer token
 * of a non-browser client. For endpoints that act on the signed-in user's own sessions.
 */
export async function endThisSession(ctx: RequestContext, services: Services): Promise<void> {
  await services.sessions.destroy(ctx, services.sessions.isBearer(ctx) ? "bearer" : "cookie");
}
