import { useInfiniteQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { AdminUser } from "../../../api/admin.ts";
import { Empty, QueryStatus } from "../../../components/QueryStates.tsx";
import { ConsolePage } from "../../account/ConsolePage.tsx";
import { usersQuery } from "../admin-queries.ts";
import { LoadMore } from "../LoadMore.tsx";
import { useLoadMore } from "../use-load-more.ts";
import { UserFilters } from "./UserFilters.tsx";
import { UsersTable } from "./UsersTable.tsx";
import { isFiltered } from "./user-search.ts";

const route = getRouteApi("/admin/users");

const userLink = (id: string) => `[data-user="${CSS.escape(id)}"] a`;

/** `/admin/users`: search, filters and sort (all in the URL), and the matching users a page at a time. */
export function UsersPage() {
  const { t } = useTranslation("admin");
  const search = route.useSearch();
  const users = useInfiniteQuery(usersQuery(search));
  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];

  // After "Load more", the focus goes to the first user it brought: their link.
  const { list: table, loadMore } = useLoadMore<AdminUser, HTMLTableElement>(users, userLink);

  return (
    <ConsolePage title={t("users.title")} intro={t("users.intro")}>
      <UserFilters key={JSON.stringify(search)} search={search} />
      <div className="card">
        <QueryStatus query={users} loading={t("users.loading")} failed={t("users.failed")} />
        {/* The count is announced when a search brings its results (the focus stays on the form). */}
        <p className="result-count" role="status">
          {users.data && !users.isFetching ? t("users.shown", { count: rows.length }) : ""}
        </p>
        {users.data &&
          (rows.length === 0 ? (
            <Empty testId="users-empty">{isFiltered(search) ? t("users.noMatch") : t("users.noUsers")}</Empty>
          ) : (
            <>
              <UsersTable users={rows} search={search} tableRef={table} />
              <LoadMore query={users} onLoadMore={loadMore} />
            </>
          ))}
      </div>
    </ConsolePage>
  );
}
