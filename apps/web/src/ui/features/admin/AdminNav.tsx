import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";

/** The console's sections: a side column on a desktop, a wrapping row on a phone (as the account console's). */
export function AdminNav() {
  const { t } = useTranslation("admin");
  return (
    <nav className="console-nav" aria-label={t("nav.label")}>
      <ul>
        <li>
          <Link to="/admin" activeOptions={{ exact: true, includeSearch: false }}>
            {t("nav.overview")}
          </Link>
        </li>
        <li>
          {/* A user's page belongs to the users section. */}
          <Link to="/admin/users" activeOptions={{ includeSearch: false }}>
            {t("nav.users")}
          </Link>
        </li>
        <li>
          <Link to="/admin/audit" activeOptions={{ includeSearch: false }}>
            {t("nav.audit")}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
