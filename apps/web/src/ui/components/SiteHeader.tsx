import { useSession } from "@gatehouse/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { accountQuery } from "../api/queries.ts";
import { AccountArea } from "./AccountArea.tsx";

export function SiteHeader() {
  const { t } = useTranslation("common");
  const { status } = useSession();
  // Administrators get the admin console in the header: `GET account`'s flag, the query the account
  // console shares (one request per session, cached). Only a hint: the admin API decides on each call.
  const account = useQuery({ ...accountQuery, enabled: status === "authenticated" });
  const admin = status === "authenticated" && account.data?.user.admin === true;
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="brand" activeProps={{ "aria-current": undefined }}>
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>Gatehouse</span>
        </Link>
        <nav aria-label={t("site.mainNavigation")}>
          <ul className="nav-list">
            <li>
              <Link to="/" activeOptions={{ exact: true }}>
                {t("site.home")}
              </Link>
            </li>
            <li>
              <Link to="/protected">{t("site.protectedPage")}</Link>
            </li>
            {status === "authenticated" && (
              <li>
                <Link to="/account">{t("site.account")}</Link>
              </li>
            )}
            {admin && (
              <li>
                <Link to="/admin">{t("site.admin")}</Link>
              </li>
            )}
          </ul>
        </nav>
        <AccountArea />
      </div>
    </header>
  );
}
