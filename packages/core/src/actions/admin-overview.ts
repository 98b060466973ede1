import { callAdapter } from "../adapter/call-adapter.ts";
import { requireAdmin, requireMethod } from "../admin/require-admin.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { Services } from "./services.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `GET admin-overview` (JSON), for an administrator: how many users there are, how many are
 * disabled, the live sessions, and the sign-ins and failed sign-ins of the last 24 hours (audit
 * entries since `since`). Answers `{ users, disabledUsers, activeSessions, signIns, failedSignIns, since }`.
 */
export async function adminOverviewAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { adapter } = await requireAdmin(ctx, services);
  requireMethod(adapter, "userStats");
  const since = new Date(ctx.now - DAY_MS);
  const stats = await callAdapter(adapter, "userStats", {
    now: new Date(ctx.now),
    since,
    kinds: ["sign-in", "sign-in-failed"],
  });
  return json({
    users: stats.users,
    disabledUsers: stats.disabledUsers,
    activeSessions: stats.activeSessions,
    signIns: stats.events["sign-in"] ?? 0,
    failedSignIns: stats.events["sign-in-failed"] ?? 0,
    since: since.toISOString(),
  });
}
