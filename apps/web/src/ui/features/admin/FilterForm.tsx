import { Link } from "@tanstack/react-router";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The filters of a list of the admin console, in a search landmark: its fields, then the button that
 * puts them in the URL (`onSubmit` navigates) and a link back to the list without any.
 *
 * @example <FilterForm label="Filter the log" submitLabel="Apply" clearTo="/admin/audit" onSubmit={apply}>…</FilterForm>
 */
export function FilterForm({
  label,
  submitLabel,
  clearTo,
  noValidate,
  onSubmit,
  children,
}: {
  /** The landmark's name. */
  label: string;
  submitLabel: string;
  /** The list's own path. */
  clearTo: "/admin/users" | "/admin/audit";
  /** The form checks its fields itself (a range of dates), not the browser. */
  noValidate?: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation("admin");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <search aria-label={label}>
      <form className="card filters" onSubmit={submit} noValidate={noValidate}>
        {children}
        <div className="actions">
          <button type="submit" className="button">
            {submitLabel}
          </button>
          <Link to={clearTo} className="button button-quiet">
            {t("general.clearFilters")}
          </Link>
        </div>
      </form>
    </search>
  );
}
