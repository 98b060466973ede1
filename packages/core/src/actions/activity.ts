import { callAdapter } from "../adapter/call-adapter.ts";
import { AUDIT_KINDS } from "../audit/audit-kinds.ts";
import { AuthError, isAuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { Services } from "./services.ts";

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

/**
 * `GET activity` (JSON), for the signed-in user: their own security activity — the audit entries
 * whose actor or subject they are — newest first, a page at a time (`?limit=` 1–100, default 20;
 * `?cursor=` the previous page's `next`; `?kind=` one or more kinds, comma-separated). Answers
 * `{ entries: [{ id, at, kind, ip, userAgent, detail, byYou }], next }`. 404 `UnknownAction` when
 * storage keeps no audit log.
 */
export async function activityAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const adapter = ctx.config.adapter;
  if (typeof adapter?.queryAudit !== "function") {
    throw new AuthError("UnknownAction", { cause: "the adapter keeps no audit log" });
  }
  const userId = await services.sessions.userId(ctx);
  if (!userId) throw new AuthError("SessionRequired");
  const params = ctx.url.searchParams;
  const limit = params.has("limit") ? Number(params.get("limit")) : DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new AuthError("InvalidBody", { cause: `limit must be an integer from 1 to ${MAX_LIMIT}` });
  }
  const kinds = params
    .get("kind")
    ?.split(",")
    .filter((kind) => kind !== "");
  if (kinds?.some((kind) => !(AUDIT_KINDS as readonly string[]).includes(kind))) {
    throw new AuthError("InvalidBody", { cause: "an unknown kind" });
  }
  let page: Awaited<ReturnType<NonNullable<typeof adapter.queryAudit>>>;
  try {
    page = await callAdapter(adapter, "queryAudit", {
      userId,
      limit,
      cursor: params.get("cursor"),
      ...(kinds && kinds.length > 0 ? { kinds } : {}),
    });
  } catch (error) {
    // Storage refuses a cursor it did not hand out as misuse (a TypeError): the client's mistake.
    if (isAuthError(error) && error.cause instanceof TypeError) {
      throw new AuthError("InvalidBody", { cause: "the cursor is not one a previous page gave" });
    }
    throw error;
  }
  return json({
    entries: page.entries.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      kind: entry.kind,
      ip: entry.ip,
      userAgent: entry.userAgent,
      detail: entry.detail,
      byYou: entry.actorId === userId,
    })),
    next: page.next,
  });
}
