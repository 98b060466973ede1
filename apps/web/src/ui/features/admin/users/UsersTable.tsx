import { Link } from "@tanstack/react-router";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import type { AdminUser } from "../../../api/admin.ts";
import { useAdminText } from "../use-admin-text.ts";
import { UserBadges } from "./UserBadges.tsx";
import { useSortLabels } from "./use-sort-labels.ts";
import { isFiltered, sortChoiceOf, type UserSearch } from "./user-search.ts";

/**
 * The users as a table: a caption that says what is listed and in which order, a header row, and
 * per user a row headed by their name (a link to their page), their state and when they joined.
 */
export function UsersTable({
  users,
  search,
  tableRef,
}: {
  users: AdminUser[];
  search: UserSearch;
  tableRef: Ref<HTMLTableElement>;
}) {
  const { t } = useTranslation("admin");
  const text = useAdminText();
  const sortLabel = useSortLabels("caption")[sortChoiceOf(search)];
  const caption = isFiltered(search)
    ? t("users.captionFiltered", { sort: sortLabel })
    : t("users.caption", { sort: sortLabel });

  return (
    <table className="data-table users-table" ref={tableRef}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("users.columnUser")}</th>
          <th scope="col">{t("users.columnStatus")}</th>
          <th scope="col" className="column-created">
            {t("users.columnCreated")}
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id} data-user={user.id} data-testid="user-row">
            <th scope="row" className="user-cell">
              <Link to="/admin/users/$id" params={{ id: user.id }}>
                {user.name || user.email || user.id}
              </Link>
              <span className="secondary">
                {user.name ? (user.email ?? t("users.noEmail")) : t("users.noName")}
              </span>
            </th>
            <td>
              <UserBadges user={user} />
            </td>
            <td className="column-created">
              {user.createdAt ? (
                <time dateTime={user.createdAt} title={text.dateTime(user.createdAt)}>
                  {text.date(user.createdAt)}
                </time>
              ) : (
                t("general.notKnown")
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
