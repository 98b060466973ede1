import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { AdminUser, AuditEntry } from "../../../api/admin.ts";
import { Card } from "../../../components/Card.tsx";
import { Empty } from "../../../components/QueryStates.tsx";
import { AuditItem } from "../audit/AuditItem.tsx";
import { userLabel } from "../use-admin-text.ts";

/** How many of the newest entries the page shows; the audit log has the rest. */
const SHOWN = 10;

/** The newest audit entries by or about the user, and the way to all of them. */
export function ActivityCard({ user, activity }: { user: AdminUser; activity: AuditEntry[] }) {
  const { t } = useTranslation("admin");
  return (
    <Card title={t("user.activity.title")}>
      {activity.length === 0 ? (
        <Empty>{t("user.activity.none")}</Empty>
      ) : (
        <ol className="item-list" aria-label={t("user.activity.label", { user: userLabel(user) })}>
          {activity.slice(0, SHOWN).map((entry) => (
            <AuditItem key={entry.id} entry={entry} subject={entry.subjectId !== user.id} />
          ))}
        </ol>
      )}
      <p className="card-link">
        <Link to="/admin/audit" search={{ user: user.id }}>
          {t("user.activity.all")}
        </Link>
      </p>
    </Card>
  );
}
