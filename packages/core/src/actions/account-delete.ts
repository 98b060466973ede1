import { requireRecentSignIn } from "../accounts/recent-sign-in.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { accountUser } from "./lib/account-user.ts";
import { endThisSession } from "./lib/session-list.ts";
import type { Services } from "./services.ts";

/**
 * `POST account-delete` (JSON) with `confirm` — the account's email address (or its id when it has
 * none), typed by the person — for the signed-in user with a recent sign-in: deletes the user and,
 * with them, every row storage keeps for them (accounts, sessions and their records, password,
 * passkeys, two-factor), ends every session, and signs this browser out. The audit log keeps its
 * entries (ids only, until retention). Answers `{ ok: true }`; `InvalidBody` when `confirm` does not
 * match; 404 when `account.deletion` is false.
 */
export async function accountDeleteAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  if (!ctx.config.account.deletion)
    throw new AuthError("UnknownAction", { cause: "account.deletion is false" });
  const { user, current } = await accountUser(ctx, services);
  await requireRecentSignIn(ctx, services, current);
  const expected = user.email ?? user.id;
  if (
    typeof ctx.body.confirm !== "string" ||
    ctx.body.confirm.trim().toLowerCase() !== expected.toLowerCase()
  ) {
    throw new AuthError("InvalidBody", { cause: "confirm must be the account's email address" });
  }
  const adapter = ctx.config.adapter!;
  if (!adapter.deleteUser) throw new AuthError("UnknownAction", { cause: "the adapter cannot delete users" });
  // Every session ends: records and rows go with the user; jwt tokens without a record by time.
  if (services.validAfter) await services.validAfter.set(user.id, ctx.now);
  await endThisSession(ctx, services);
  await callAdapter(adapter, "deleteUser", user.id);
  await recordAudit(ctx, { kind: "account-deleted", actorId: user.id, subjectId: user.id, detail: {} });
  return json({ ok: true });
}
