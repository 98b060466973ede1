import { callAdapter } from "../adapter/call-adapter.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { signedInWithRecords } from "./lib/session-list.ts";
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
  const { records, userId } = await signedInWithRecords(ctx, services);
  const revoked = await records.removeAll(userId, null);
  await services.sessions.destroy(ctx, services.sessions.isBearer(ctx) ? "bearer" : "cookie");
  const adapter = ctx.config.adapter!;
  if (adapter.deleteSessionsByUserId) await callAdapter(adapter, "deleteSessionsByUserId", userId);
  if (services.validAfter) await services.validAfter.set(userId, ctx.now);
  await recordAudit(ctx, {
    kind: "session-revoked",
    actorId: userId,
    subjectId: userId,
    detail: { everywhere: true, count: revoked },
  });
  return json({ ok: true, revoked });
}
