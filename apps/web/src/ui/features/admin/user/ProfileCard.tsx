import { useTranslation } from "react-i18next";
import type { AdminUser } from "../../../api/admin.ts";
import { Card } from "../../../components/Card.tsx";
import { useAdminText } from "../use-admin-text.ts";

/** Who the user is and the state of their account, as facts. */
export function ProfileCard({ user }: { user: AdminUser }) {
  const { t } = useTranslation("admin");
  const text = useAdminText();
  return (
    <Card title={t("user.profile.title")}>
      <dl className="summary-list" data-testid="admin-profile">
        <dt>{t("user.profile.name")}</dt>
        <dd>{user.name || <span className="muted-text">{t("users.noName")}</span>}</dd>
        <dt>{t("user.profile.email")}</dt>
        <dd>
          {user.email || <span className="muted-text">{t("users.noEmail")}</span>}
          <span className="secondary-line">
            {user.emailVerified
              ? t("user.profile.verified", { time: text.date(user.emailVerified) })
              : t("user.profile.notVerified")}
          </span>
        </dd>
        <dt>{t("user.profile.id")}</dt>
        <dd>
          <code>{user.id}</code>
        </dd>
        <dt>{t("user.profile.created")}</dt>
        <dd>{user.createdAt ? text.dateTime(user.createdAt) : t("general.notKnown")}</dd>
        <dt>{t("user.profile.status")}</dt>
        <dd data-testid="admin-user-status">
          {user.disabledAt ? (
            <span className="badge badge-warning">
              {t("user.profile.disabledSince", { time: text.dateTime(user.disabledAt) })}
            </span>
          ) : (
            t("user.profile.enabled")
          )}
        </dd>
        <dt>{t("user.profile.role")}</dt>
        <dd>
          {text.role(user.role)}
          {user.admin && user.role !== "admin" && (
            <span className="secondary-line">{t("user.profile.adminByEmail")}</span>
          )}
        </dd>
      </dl>
    </Card>
  );
}
