import { emitEvent } from "../events/emit-event.ts";
import type { RequestContext } from "../http/request-context.ts";
import { signOutMessage } from "../session/sign-out-message.ts";
import { auditOn, recordAudit } from "./record-audit.ts";

/**
 * Reads, before the session ends, what sign-out reports once it has: the `sign-out` audit entry
 * (whose session it was) and the app's `signOut` event (what Auth.js sends). Reads nothing when
 * neither goes anywhere. A request without a valid session reports nothing.
 *
 * @example const report = await prepareSignOutReport(ctx, current); await sessions.destroy(ctx, "cookie"); await report();
 */
export async function prepareSignOutReport(
  ctx: RequestContext,
  current: { userId(): Promise<string | null> },
): Promise<() => Promise<void>> {
  const wantsEvent = ctx.config.events.signOut !== undefined;
  const userId = auditOn(ctx) ? await current.userId() : null;
  const message = wantsEvent ? await signOutMessage(ctx) : null;
  return async () => {
    if (userId) await recordAudit(ctx, { kind: "sign-out", actorId: userId, subjectId: userId });
    if (message) await emitEvent(ctx, "signOut", message);
  };
}
