import { useTranslation } from "react-i18next";
import type { SortChoice } from "./user-search.ts";

/** The words of each sort choice: the "Sort by" field's options, and the table's caption. */
export function useSortLabels(): Record<SortChoice, string> {
  const { t } = useTranslation("admin");
  return {
    "created-desc": t("users.sortCreatedDesc"),
    "created-asc": t("users.sortCreatedAsc"),
    "email-asc": t("users.sortEmailAsc"),
    "email-desc": t("users.sortEmailDesc"),
    "name-asc": t("users.sortNameAsc"),
    "name-desc": t("users.sortNameDesc"),
  };
}
