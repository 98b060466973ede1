import { Link } from "@tanstack/react-router";
import { Trans, useTranslation } from "react-i18next";
import { useTitle } from "../use-title.ts";

export function NotFound() {
  const { t } = useTranslation("common");
  useTitle(t("notFound.heading"));
  return (
    <>
      <h1 tabIndex={-1}>{t("notFound.heading")}</h1>
      <p>
        <Trans t={t} i18nKey="notFound.text" components={{ home: <Link to="/" /> }} />
      </p>
    </>
  );
}
