import type { Services } from "../actions/services.ts";
import type { AdapterUser } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import type { RequestContext } from "../http/request-context.ts";
import { moveGeneration, stillAt } from "./security-generation.ts";

/**
 * Ends every session of a user on every device: session records and stored rows (database strategy)
 * deleted, jwt tokens voided by the user's "valid after" time (also those issued before records
 * existed). It is a recovery, so the user's generation moves on too, voiding every outstanding link
 * (a pending email change asked for in a stolen session, a reset link). Resolves to how many session
 * records went. The request's own cookie is the caller's.
 */
export async function endAllSessions(
  ctx: RequestContext,
  services: Services,
  userId: string,
): Promise<number> {
  return (await endAndMoveOn(ctx, services, userId)).ended;
}

async function endAndMoveOn(
  ctx: RequestContext,
  services: Services,
  userId: string,
): Promise<{ ended: number; generation: number | null }> {
  const adapter = ctx.config.adapter;
  const ended = services.records ? await services.records.removeAll(userId, null) : 0;
  if (adapter?.deleteSessionsByUserId) await callAdapter(adapter, "deleteSessionsByUserId", userId);
  if (services.validAfter) await services.validAfter.set(userId, ctx.now);
  // Last: a link asked for by a session that ended just now is issued before this, and dies.
  return { ended, generation: await moveGeneration(adapter, userId) };
}

/**
 * After storage ended a user's sessions by itself (a claimed account: `claimUnverifiedUser`), this
 * instance's caches of live jwt sessions and "valid after" times learn it at once; other instances
 * within their one-second caches. Writes nothing: a session the owner made since (another proof
 * that lost the race to claim) stays.
 */
export function forgetEndedSessions(services: Services, userId: string): void {
  services.records?.forget(userId);
  services.validAfter?.forget(userId);
}

/**
 * Ends every session of a user (`endAllSessions`) after a password change or reset. With
 * `keepCurrent`, this browser gets a fresh session as the user, so the person who changed the
 * password stays signed in here only — unless another security change commits meanwhile, which
 * ends that session too (`AccountChanged`).
 */
export async function endUserSessions(
  ctx: RequestContext,
  services: Services,
  user: AdapterUser,
  keepCurrent: { providerId: string } | null,
): Promise<void> {
  const { generation } = await endAndMoveOn(ctx, services, user.id);
  if (keepCurrent) {
    await services.sessions.create(
      ctx,
      {
        user: { id: user.id, email: user.email, name: user.name ?? null, image: user.image ?? null },
        account: { provider: keepCurrent.providerId, type: "credentials", providerAccountId: user.id },
        isNewUser: false,
      },
      "cookie",
      stillAt(ctx.config.adapter, user.id, generation),
    );
  } else if (ctx.cookies.has(ctx.names.sessionToken) || ctx.cookies.has(`${ctx.names.sessionToken}.0`)) {
    await services.sessions.destroy(ctx, "cookie");
  }
}
