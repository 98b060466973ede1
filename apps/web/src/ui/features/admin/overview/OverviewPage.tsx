import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { QueryStatus } from "../../../components/QueryStates.tsx";
import { ConsolePage } from "../../account/ConsolePage.tsx";
import { overviewQuery } from "../admin-queries.ts";
import { useAdminText } from "../use-admin-text.ts";

/** The day `iso` falls on, as the audit log's `from` (YYYY-MM-DD, the browser's time zone). */
function dayOf(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `/admin`: the site's counts, each leading to the list it counts where there is one. */
export function OverviewPage() {
  const { t } = useTranslation("admin");
  const text = useAdminText();
  const overview = useQuery(overviewQuery);
  const data = overview.data;

  const content = (value: number, label: string) => (
    <>
      <span className="stat-value">{text.number(value)}</span>
      <span className="stat-label">{label}</span>
    </>
  );

  return (
    <ConsolePage title={t("overview.title")} intro={t("overview.intro")}>
      <QueryStatus query={overview} loading={t("overview.loading")} failed={t("overview.failed")} />
      {data && (
        <>
          <ul className="stats" aria-label={t("overview.statsLabel")} data-testid="admin-stats">
            <li>
              <Link to="/admin/users" className="stat">
                {content(data.users, t("overview.users"))}
              </Link>
            </li>
            <li>
              <Link to="/admin/users" search={{ disabled: true }} className="stat">
                {content(data.disabledUsers, t("overview.disabledUsers"))}
              </Link>
            </li>
            <li>
              <div className="stat">{content(data.activeSessions, t("overview.activeSessions"))}</div>
            </li>
            <li>
              <Link to="/admin/audit" search={{ kind: "sign-in", from: dayOf(data.since) }} className="stat">
                {content(data.signIns, t("overview.signIns"))}
              </Link>
            </li>
            <li>
              <Link
                to="/admin/audit"
                search={{ kind: "sign-in-failed", from: dayOf(data.since) }}
                className={data.failedSignIns > 0 ? "stat stat-warning" : "stat"}
              >
                {content(data.failedSignIns, t("overview.failedSignIns"))}
              </Link>
            </li>
          </ul>
          <p className="muted">{t("overview.since", { time: text.dateTime(data.since) })}</p>
          <div className="card">
            <h3>{t("overview.next")}</h3>
            <ul className="link-list">
              <li>
                <Link to="/admin/users">{t("overview.findUser")}</Link>
              </li>
              <li>
                <Link to="/admin/audit" search={{ kind: "sign-in-failed" }}>
                  {t("overview.failures")}
                </Link>
              </li>
              <li>
                <Link
                  to="/admin/audit"
                  search={{
                    kind: "user-disabled,user-enabled,role-changed,password-reset-link-sent",
                  }}
                >
                  {t("overview.adminActions")}
                </Link>
              </li>
            </ul>
          </div>
        </>
      )}
    </ConsolePage>
  );
}
