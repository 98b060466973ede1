import { useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/TextField.tsx";
import { FilterForm } from "../FilterForm.tsx";
import { SelectField } from "../SelectField.tsx";
import { AUDIT_KINDS, type AuditSearch, isKnownKind, isRangeReversed } from "./audit-search.ts";

/**
 * The audit log's filters — event, user id, a range of days — put in the URL by "Apply". A range that
 * ends before it starts is said at the field, not sent.
 */
export function AuditFilters({ search }: { search: AuditSearch }) {
  const { t } = useTranslation("admin");
  const id = useId();
  const navigate = useNavigate();
  const [kind, setKind] = useState(search.kind ?? "");
  const [user, setUser] = useState(search.user ?? "");
  const [from, setFrom] = useState(search.from ?? "");
  const [to, setTo] = useState(search.to ?? "");
  const [reversed, setReversed] = useState(false);

  function apply() {
    const next: AuditSearch = {};
    if (kind) next.kind = kind;
    if (user.trim()) next.user = user.trim();
    if (from) next.from = from;
    if (to) next.to = to;
    if (isRangeReversed(next)) {
      setReversed(true);
      document.getElementById(`${id}-to`)?.focus();
      return;
    }
    setReversed(false);
    void navigate({ to: "/admin/audit", search: next });
  }

  // Several kinds come from a link (the overview's "what administrators did"): offered as they are.
  const several = kind.includes(",");
  const kindName = (name: string) => (isKnownKind(name) ? t(`kinds.${name}`) : name);
  const options: Array<readonly [string, string]> = [
    ["", t("audit.kindAny")],
    ...(several ? [[kind, kind.split(",").map(kindName).join(", ")] as const] : []),
    ...AUDIT_KINDS.map((name) => [name, t(`kinds.${name}`)] as const),
  ];

  return (
    <FilterForm
      label={t("audit.filtersLabel")}
      submitLabel={t("general.applyFilters")}
      clearTo="/admin/audit"
      noValidate
      onSubmit={apply}
    >
      <SelectField
        id={`${id}-kind`}
        label={t("audit.kind")}
        value={kind}
        onChange={setKind}
        options={options}
      />
      <TextField
        id={`${id}-from`}
        label={t("audit.from")}
        type="date"
        value={from}
        onChange={(event) => setFrom(event.target.value)}
      />
      <TextField
        id={`${id}-to`}
        label={t("audit.to")}
        type="date"
        value={to}
        min={from || undefined}
        onChange={(event) => setTo(event.target.value)}
        error={reversed ? t("audit.rangeError") : null}
        announce
      />
      <div className="field-wide">
        <TextField
          id={`${id}-user`}
          label={t("audit.user")}
          hint={t("audit.userHint")}
          autoComplete="off"
          spellCheck={false}
          value={user}
          onChange={(event) => setUser(event.target.value)}
        />
      </div>
    </FilterForm>
  );
}
