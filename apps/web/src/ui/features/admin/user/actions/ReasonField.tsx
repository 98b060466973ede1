import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../../components/TextField.tsx";

/** The server's bound on a reason (core's admin-input): a note for the audit log, not a document. */
const MAX_REASON_LENGTH = 500;

/**
 * The reason an administrator gives for an action, kept in the audit log: "Reason (optional)" unless
 * the action names its own label (removing two-factor requires one).
 *
 * @example <ReasonField id={`${id}-reason`} value={reason} onChange={setReason} />
 */
export function ReasonField({
  id,
  value,
  onChange,
  label,
  hint,
  required,
  error,
  inputRef,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  label?: string;
  hint?: string;
  required?: boolean;
  /** The field's error, announced at it (`useFieldError`'s, with its `input` as `inputRef`). */
  error?: string | null | undefined;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation("admin");
  return (
    <TextField
      id={id}
      inputRef={inputRef}
      label={label ?? t("user.actions.reason")}
      hint={hint ?? t("user.actions.reasonHint")}
      maxLength={MAX_REASON_LENGTH}
      autoComplete="off"
      required={required}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      announce
    />
  );
}
