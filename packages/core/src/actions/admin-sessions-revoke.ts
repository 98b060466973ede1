import { endAllSessions } from "../accounts/end-sessions.ts";
import { moveGeneration } from "../accounts/security-generation.ts";
import { reasonOf, userIdOf } from "../admin/admin-input.ts";
import { requireAdmin } from "../admin/require-admin.ts";
import { targetUser } from "../admin/target-user.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { Services } from "./services.ts";

/** The longest session id looked up: record ids are 32 hex digits. */
const MAX_SESSION_ID_LENGTH = 64;

/**
 * `POST admin-sessions-revoke` (JSON) with `id` and, optionally, `sessionId` and `reason` (the audit
 * log keeps it), for an administrator: ends that one session of the user (`SessionNotFound`, 404,
 * when it is not one of their live ones; `SessionsUnavailable` without session records), or without
 * `sessionId` every session of theirs, on both strategies. Answers `{ ok: true, revoked }`: how many session records went.
 */
export async function adminSessionsRevokeAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { adapter, admin } = await requireAdmin(ctx, services);
  const id = userIdOf(ctx.body.id);
  const sessionId = ctx.body.sessionId;
  if (
    sessionId !== undefined &&
    (typeof sessionId !== "string" || sessionId === "" || sessionId.length > MAX_SESSION_ID_LENGTH)
  ) {
    throw new AuthError("InvalidBody", { cause: "sessionId must be a session's id" });
  }
  const reason = reasonOf(ctx.body.reason, false);
  const user = await targetUser(adapter, id);
  let revoked: number;
  if (sessionId === undefined) {
    revoked = await endAllSessions(ctx, services, user.id);
  } else {
    if (!services.records) throw new AuthError("SessionsUnavailable");
    if ((await services.records.remove(user.id, sessionId)) === false) throw new AuthError("SessionNotFound");
    await moveGeneration(adapter, user.id);
    revoked = 1;
  }
  await recordAudit(ctx, {
    kind: "session-revoked",
    actorId: admin.id,
    subjectId: user.id,
    detail: { all: sessionId === undefined, count: revoked, ...(reason === undefined ? {} : { reason }) },
  });
  return json({ ok: true, revoked });
}
