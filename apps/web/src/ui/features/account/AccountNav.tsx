import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AdminNavItem } from "../admin/AdminNavItem.tsx";

/** The console's sections, in the order a person most often needs them. */
const SECTIONS = [
  { to: "/account", label: "signInMethods" },
  { to: "/account/profile", label: "profile" },
  { to: "/account/sessions", label: "sessions" },
  { to: "/account/activity", label: "activity" },
  { to: "/account/delete", label: "delete" },
] as const;

/** The sections of the account console: a side column on a desktop, a wrapping row on a phone. */
export function AccountNav() {
  const { t } = useTranslation("account");
  return (
    <nav className="console-nav" aria-label={t("nav.label")}>
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Link to={section.to} activeOptions={{ exact: true, includeSearch: false }}>
              {t(`nav.${section.label}`)}
            </Link>
          </li>
        ))}
        <AdminNavItem />
      </ul>
    </nav>
  );
}
