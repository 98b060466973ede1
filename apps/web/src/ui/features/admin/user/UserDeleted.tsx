import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ConsolePage } from "../../account/ConsolePage.tsx";
import { adminKeys } from "../admin-queries.ts";

/** What takes a deleted user's page: that it is done, and the way back to the list (which has the focus). */
export function UserDeleted({ id, label }: { id: string; label: string }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    // The page that read the user is gone: drop its data, and refresh the lists and counts.
    queryClient.removeQueries({ queryKey: adminKeys.user(id) });
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  }, [queryClient, id]);
  return (
    <ConsolePage title={t("user.deleted.title")} headingRef={heading}>
      <div className="card">
        <p className="notice notice-success" role="status">
          {t("user.deleted.body", { user: label })}
        </p>
        <div className="actions actions-compact">
          <Link to="/admin/users" className="button">
            {t("user.backToUsers")}
          </Link>
        </div>
      </div>
    </ConsolePage>
  );
}
