import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useAccount } from "../account/use-account.ts";

/**
 * The account console's link to the admin console: an item of its navigation, for administrators only
 * (`GET account`'s `user.admin`, from the query the console's pages share: no request of its own).
 */
export function AdminNavItem() {
  const { t } = useTranslation("admin");
  const account = useAccount();
  if (!account.data?.user.admin) return null;
  return (
    <li>
      <Link to="/admin">{t("nav.entry")}</Link>
    </li>
  );
}
