import { useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/TextField.tsx";
import { FilterForm } from "../FilterForm.tsx";
import { SelectField } from "../SelectField.tsx";
import { useSortLabels } from "./use-sort-labels.ts";
import { fieldsOf, SORT_CHOICES, searchOf, type UserFilterFields, type UserSearch } from "./user-search.ts";

/**
 * The users list's search and filters: a form whose "Search" puts them in the URL (so the view can be
 * linked, and survives a reload); the list follows the URL. Keyed by the URL's search by its page, so
 * Back and Forward show their own values.
 */
export function UserFilters({ search }: { search: UserSearch }) {
  const { t } = useTranslation("admin");
  const id = useId();
  const navigate = useNavigate();
  const [fields, setFields] = useState<UserFilterFields>(() => fieldsOf(search));
  const set =
    <K extends keyof UserFilterFields>(name: K) =>
    (value: UserFilterFields[K]) =>
      setFields((current) => ({ ...current, [name]: value }));

  function apply() {
    void navigate({ to: "/admin/users", search: searchOf(fields) });
  }

  const sortLabels = useSortLabels();

  return (
    <FilterForm
      label={t("users.filtersLabel")}
      submitLabel={t("users.submit")}
      clearTo="/admin/users"
      onSubmit={apply}
    >
      <div className="field-wide">
        <TextField
          id={`${id}-q`}
          label={t("users.searchLabel")}
          hint={t("users.searchHint")}
          type="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={fields.q}
          onChange={(event) => set("q")(event.target.value)}
        />
      </div>
      <SelectField
        id={`${id}-status`}
        label={t("users.status")}
        value={fields.status}
        onChange={set("status")}
        options={[
          ["", t("users.statusAny")],
          ["enabled", t("users.statusEnabled")],
          ["disabled", t("users.statusDisabled")],
        ]}
      />
      <SelectField
        id={`${id}-email`}
        label={t("users.email")}
        value={fields.email}
        onChange={set("email")}
        options={[
          ["", t("users.emailAny")],
          ["verified", t("users.emailVerified")],
          ["unverified", t("users.emailUnverified")],
        ]}
      />
      <SelectField
        id={`${id}-two-factor`}
        label={t("users.twoFactor")}
        value={fields.twoFactor}
        onChange={set("twoFactor")}
        options={[
          ["", t("users.twoFactorAny")],
          ["on", t("users.twoFactorOn")],
          ["off", t("users.twoFactorOff")],
        ]}
      />
      <SelectField
        id={`${id}-role`}
        label={t("users.role")}
        value={fields.role}
        onChange={set("role")}
        options={[
          ["", t("users.roleAny")],
          ["admin", t("roles.admin")],
          // A role from a link that the list does not offer stays choosable.
          ...(fields.role && fields.role !== "admin" ? [[fields.role, fields.role] as const] : []),
        ]}
      />
      <SelectField
        id={`${id}-sort`}
        label={t("users.sort")}
        value={fields.sort}
        onChange={set("sort")}
        options={SORT_CHOICES.map((choice) => [choice, sortLabels[choice]] as const)}
      />
    </FilterForm>
  );
}
