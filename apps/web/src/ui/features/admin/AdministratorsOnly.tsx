import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useTitle } from "../../use-title.ts";

/** What a signed-in user who is not an administrator sees at `/admin/*`: why not, and the way on. */
export function AdministratorsOnly() {
  const { t } = useTranslation("admin");
  useTitle(t("refused.title"));
  return (
    <div className="admin-refused" data-testid="admin-refused">
      <h1 tabIndex={-1}>{t("refused.title")}</h1>
      <div className="card">
        <p>{t("refused.body")}</p>
        <p className="muted">{t("refused.help")}</p>
        <div className="actions actions-compact">
          <Link to="/account" className="button button-quiet">
            {t("refused.account")}
          </Link>
        </div>
      </div>
    </div>
  );
}
