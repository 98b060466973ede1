import type { Services } from "../actions/services.ts";
import type { AdapterUser } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import type { RequestContext } from "../http/request-context.ts";

/**
 * Ends every session of a user on every device: session records and stored rows (database strategy)
 * deleted, jwt tokens voided by the user's "valid after" time (also those issued before records
 * existed). Resolves to how many session records went. The request's own cookie is the caller's.
 */
export async function endAllSessions(
  ctx: RequestContext,
  services: Services,
  userId: string,
): Promise<number> {
  const adapter = ctx.config.adapter;
  const ended = services.records ? await services.records.removeAll(userId, null) : 0;
  if (adapter?.deleteSessionsByUserId) await callAdapter(adapter, "deleteSessionsByUserId", userId);
  if (services.validAfter) await services.validAfter.set(userId, ctx.now);
  return ended;
}

/**
 * Ends every session of a user (`endAllSessions`) after a password change or reset. With
 * `keepCurrent`, this browser gets a fresh session as the user, so the person who changed the
 * password stays signed in here only.
 */
export async function endUserSessions(
  ctx: RequestContext,
  services: Services,
  user: AdapterUser,
  keepCurrent: { providerId: string } | null,
): Promise<void> {
  await endAllSessions(ctx, services, user.id);
  if (keepCurrent) {
    await services.sessions.create(
      ctx,
      {
        user: { id: user.id, email: user.email, name: user.name ?? null, image: user.image ?? null },
        account: { provider: keepCurrent.providerId, type: "credentials", providerAccountId: user.id },
        isNewUser: false,
      },
      "cookie",
    );
  } else if (ctx.cookies.has(ctx.names.sessionToken) || ctx.cookies.has(`${ctx.names.sessionToken}.0`)) {
    await services.sessions.destroy(ctx, "cookie");
  }
}
