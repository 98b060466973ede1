import { endAllSessions } from "../accounts/end-sessions.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { endThisSession, signedInWithRecords } from "./lib/session-list.ts";
import type { Services } from "./services.ts";

/**
 * `POST signout-everywhere` (JSON), for the signed-in user: ends every session, this one included —
 * records and stored rows deleted, and the user's "valid after" time moved to now, so that jwt
 * tokens without a record (issued before records existed) end too. Answers `{ ok: true, revoked }`.
 */
export async function signOutEverywhereAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { userId } = await signedInWithRecords(ctx, services);
  const revoked = await endAllSessions(ctx, services, userId);
  await endThisSession(ctx, services);
  await recordAudit(ctx, {
    kind: "session-revoked",
    actorId: userId,
    subjectId: userId,
    detail: { everywhere: true, count: revoked },
  });
  return json({ ok: true, revoked });
}
