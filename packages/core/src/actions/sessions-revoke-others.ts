import { moveGeneration } from "../accounts/security-generation.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { signedInWithRecords } from "./lib/session-list.ts";
import type { Services } from "./services.ts";

/**
 * `POST sessions-revoke-others` (JSON), for the signed-in user: ends every session but this one, on
 * both strategies (stored rows deleted, jwt records gone: refused within a second everywhere), and
 * moves the user's generation on: a link one of them asked for (a pending email change) dies.
 * Answers `{ ok: true, revoked }` with how many ended.
 */
export async function sessionsRevokeOthersAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { records, userId, currentId } = await signedInWithRecords(ctx, services);
  const revoked = await records.removeAll(userId, currentId);
  // Ending someone else's sessions answers an intrusion: the links they may have asked for die too.
  await moveGeneration(ctx.config.adapter, userId);
  await recordAudit(ctx, {
    kind: "session-revoked",
    actorId: userId,
    subjectId: userId,
    detail: { others: true, count: revoked },
  });
  return json({ ok: true, revoked });
}
