import type { AuditQuery } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { cursorOf, cursorRefused, instantOf, limitOf, paramOf, userIdOf } from "../admin/admin-input.ts";
import { adminAuditEntries } from "../admin/audit-json.ts";
import { requireAdmin, requireMethod } from "../admin/require-admin.ts";
import { AUDIT_KINDS } from "../audit/audit-kinds.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { Services } from "./services.ts";

const DEFAULT_LIMIT = 50;

/**
 * `GET admin-audit` (JSON), for an administrator: the audit log, newest first, a page at a time —
 * `?kind=` (one or more kinds, comma-separated), `user` (entries whose actor or subject is this id,
 * also of a deleted user), `from` (inclusive) and `to` (exclusive) as ISO 8601, `cursor` and `limit`
 * (1–100, default 50). Answers `{ entries, next }`, each entry with its users' current addresses.
 * An unknown kind, a bad date or cursor is `InvalidBody`.
 */
export async function adminAuditAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { adapter } = await requireAdmin(ctx, services);
  requireMethod(adapter, "queryAudit");
  const query = auditQueryOf(ctx.url.searchParams);
  let page: Awaited<ReturnType<typeof adapter.queryAudit>>;
  try {
    page = await callAdapter(adapter, "queryAudit", query);
  } catch (error) {
    throw cursorRefused(error) ?? error;
  }
  return json({ entries: await adminAuditEntries(adapter, page.entries), next: page.next });
}

function auditQueryOf(params: URLSearchParams): AuditQuery {
  const query: AuditQuery = { limit: limitOf(params, DEFAULT_LIMIT), cursor: cursorOf(params) };
  const kinds = paramOf(params, "kind")
    ?.split(",")
    .filter((kind) => kind !== "");
  if (kinds?.some((kind) => !(AUDIT_KINDS as readonly string[]).includes(kind))) {
    throw new AuthError("InvalidBody", { cause: "an unknown kind" });
  }
  if (kinds && kinds.length > 0) query.kinds = kinds;
  const user = paramOf(params, "user");
  if (user !== undefined) query.userId = userIdOf(user, "user");
  const from = instantOf(params, "from");
  const to = instantOf(params, "to");
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}
