import type { UserSearch } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { choiceOf, cursorOf, cursorRefused, flagOf, limitOf, paramOf } from "../admin/admin-input.ts";
import { requireAdmin } from "../admin/require-admin.ts";
import { adminUser } from "../admin/user-json.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { Services } from "./services.ts";

const DEFAULT_LIMIT = 25;
/** Search text longer than this is no prefix of an address or a name (and storage refuses it). */
const MAX_QUERY_LENGTH = 200;
const MAX_ROLE_LENGTH = 64;

/**
 * `GET admin-users` (JSON), for an administrator: a page of users — `?q=` (the start of an email or
 * name, or an exact id), `disabled`, `unverified`, `twoFactor` (`true`/`false`), `role`, `sort`
 * (`created`, `email`, `name`), `order` (`asc`, `desc`), `cursor` (the previous page's `next`) and
 * `limit` (1–100, default 25). Answers `{ users, next }`. A bad parameter or cursor is `InvalidBody`.
 */
export async function adminUsersAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { adapter } = await requireAdmin(ctx, services);
  const search = userSearchOf(ctx.url.searchParams);
  let page: Awaited<ReturnType<typeof adapter.searchUsers>>;
  try {
    page = await callAdapter(adapter, "searchUsers", search);
  } catch (error) {
    throw cursorRefused(error) ?? error;
  }
  return json({
    users: page.users.map((user) => adminUser(user, ctx.config.admin)),
    next: page.next,
  });
}

/** The query parameters as storage's `UserSearch`; `InvalidBody` for anything it would not take. */
function userSearchOf(params: URLSearchParams): UserSearch {
  const q = paramOf(params, "q")?.trim();
  if (q !== undefined && q.length > MAX_QUERY_LENGTH) {
    throw new AuthError("InvalidBody", { cause: `q is longer than ${MAX_QUERY_LENGTH} characters` });
  }
  const role = paramOf(params, "role");
  if (role !== undefined && role.length > MAX_ROLE_LENGTH) {
    throw new AuthError("InvalidBody", { cause: "role is not a role name" });
  }
  const search: UserSearch = {
    sort: choiceOf(params, "sort", ["created", "email", "name"]) ?? "created",
    cursor: cursorOf(params),
    limit: limitOf(params, DEFAULT_LIMIT),
  };
  const order = choiceOf(params, "order", ["asc", "desc"]);
  if (order !== undefined) search.order = order;
  if (q) search.q = q;
  if (role !== undefined) search.role = role;
  for (const name of ["disabled", "unverified", "twoFactor"] as const) {
    const flag = flagOf(params, name);
    if (flag !== undefined) search[name] = flag;
  }
  return search;
}
