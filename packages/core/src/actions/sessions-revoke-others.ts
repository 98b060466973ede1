import { recordAudit } from "../audit/record-audit.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { signedInWithRecords } from "./lib/session-list.ts";
import type { Services } from "./services.ts";

/**
 * `POST sessions-revoke-others` (JSON), for the signed-in user: ends every session but this one, on
 * both strategies (stored rows deleted, jwt records gone: refused within a second everywhere).
 * Answers `{ ok: true, revoked }` with how many ended.
 */
export async function sessionsRevokeOthersAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { records, userId, currentId } = await signedInWithRecords(ctx, services);
  const revoked = await records.removeAll(userId, currentId);
  await recordAudit(ctx, {
    kind: "session-revoked",
    actorId: userId,
    subjectId: userId,
    detail: { others: true, count: revoked },
  });
  return json({ ok: true, revoked });
}
