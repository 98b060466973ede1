import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Sets the document title for the page on screen ("<page> · Gatehouse", in the page's language). */
export function useTitle(page?: string): void {
  const { t } = useTranslation("common");
  const title = page ? t("site.title", { page }) : "Gatehouse";
  useEffect(() => {
    document.title = title;
  }, [title]);
}
