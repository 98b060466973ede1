import { Link } from "@tanstack/react-router";
import { Trans, useTranslation } from "react-i18next";
import { useTitle } from "../use-title.ts";

/** Where deleting the account lands: signed out, with nothing left to manage. */
export function AccountDeleted() {
  const { t } = useTranslation("common");
  useTitle(t("accountDeleted.title"));
  return (
    <>
      <h1 tabIndex={-1}>{t("accountDeleted.heading")}</h1>
      <p className="lead">{t("accountDeleted.lead")}</p>
      <p>
        <Trans t={t} i18nKey="accountDeleted.again" components={{ home: <Link to="/" /> }} />
      </p>
    </>
  );
}
