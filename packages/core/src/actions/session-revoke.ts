import { moveGeneration } from "../accounts/security-generation.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { endThisSession, signedInWithRecords } from "./lib/session-list.ts";
import type { Services } from "./services.ts";

/** The longest id looked up: record ids are 32 hex digits. */
const MAX_ID_LENGTH = 64;

/**
 * `POST session-revoke` (JSON) with `id`, for the signed-in user: ends one of their sessions — on
 * another device at its next request (a jwt one within a second on every instance), or this one
 * (then this browser is signed out too). Answers `{ ok: true, current }`; `SessionNotFound` (404)
 * when the id is not one of the user's live sessions.
 */
export async function sessionRevokeAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { records, userId, currentId } = await signedInWithRecords(ctx, services);
  const id = ctx.body.id;
  if (typeof id !== "string" || id === "" || id.length > MAX_ID_LENGTH)
    throw new AuthError("SessionNotFound");
  const current = id === currentId;
  if (current) await endThisSession(ctx, services);
  const removed = current || (await records.remove(userId, id)) !== false;
  if (!removed) throw new AuthError("SessionNotFound");
  // Ending another session answers an intrusion: a link it may have asked for dies with it.
  if (!current) await moveGeneration(ctx.config.adapter, userId);
  await recordAudit(ctx, {
    kind: "session-revoked",
    actorId: userId,
    subjectId: userId,
    detail: { current },
  });
  return json({ ok: true, current });
}
