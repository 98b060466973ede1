import { useTranslation } from "react-i18next";
import type { SortChoice } from "./user-search.ts";

/**
 * The words of each sort choice: as the "Sort by" field's options (`option`: "Newest first"), or as
 * they read inside the table's caption (`caption`: "Users, newest first"), each language's casing.
 */
export function useSortLabels(form: "option" | "caption" = "option"): Record<SortChoice, string> {
  const { t } = useTranslation("admin");
  return form === "option"
    ? {
        "created-desc": t("users.sortCreatedDesc"),
        "created-asc": t("users.sortCreatedAsc"),
        "email-asc": t("users.sortEmailAsc"),
        "email-desc": t("users.sortEmailDesc"),
        "name-asc": t("users.sortNameAsc"),
        "name-desc": t("users.sortNameDesc"),
      }
    : {
        "created-desc": t("users.captionSortCreatedDesc"),
        "created-asc": t("users.captionSortCreatedAsc"),
        "email-asc": t("users.captionSortEmailAsc"),
        "email-desc": t("users.captionSortEmailDesc"),
        "name-asc": t("users.captionSortNameAsc"),
        "name-desc": t("users.captionSortNameDesc"),
      };
}
