import { useTranslation } from "react-i18next";

/** What a page for signed-in visitors shows under its heading until the session is known. */
export function CheckingSession() {
  const { t } = useTranslation("common");
  return (
    <p className="status" role="status">
      {t("session.checking")}
    </p>
  );
}
