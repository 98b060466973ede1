import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { fetchAudit, fetchOverview, fetchUser, fetchUsers } from "../../api/admin.ts";
import { type AuditSearch, auditQueryOf } from "./audit/audit-search.ts";
import type { UserSearch } from "./users/user-search.ts";

/** The admin console's server state: everything under `admin`, so one invalidation refreshes it all. */
export const adminKeys = {
  all: ["admin"],
  overview: ["admin", "overview"],
  users: ["admin", "users"],
  user: (id: string) => ["admin", "user", id] as const,
  audit: ["admin", "audit"],
} as const;

/** Rows per page of the users list and the audit log. */
export const ADMIN_PAGE_SIZE = 25;

export const overviewQuery = queryOptions({ queryKey: adminKeys.overview, queryFn: () => fetchOverview() });

export const usersQuery = (search: UserSearch) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.users, search],
    queryFn: ({ pageParam }) => fetchUsers(search, { limit: ADMIN_PAGE_SIZE, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

export const userQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.user(id), queryFn: () => fetchUser(id) });

export const auditQuery = (search: AuditSearch) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.audit, search],
    queryFn: ({ pageParam }) =>
      fetchAudit(auditQueryOf(search), { limit: ADMIN_PAGE_SIZE, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
