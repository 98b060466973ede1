import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { useTranslation } from "react-i18next";

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "aria-describedby" | "aria-invalid"> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The field's error, shown above the input and tied to it with `aria-describedby`. */
  error?: string | null;
  /**
   * Announce the error at once (a one-field form). Forms with several fields announce an
   * `ErrorSummary` instead, and leave this off so nothing is read twice.
   */
  announce?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and its error in place (GOV.UK's pattern). */
export function TextField({
  id,
  label,
  hint,
  error,
  announce,
  inputRef,
  className,
  ...input
}: TextFieldProps) {
  const { t } = useTranslation("common");
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role={announce ? "alert" : undefined}>
          <span className="visually-hidden">{t("form.error")} </span>
          {error}
        </p>
      )}
      <input
        {...input}
        ref={inputRef}
        id={id}
        className={className}
        aria-describedby={described || undefined}
        aria-invalid={error ? true : undefined}
      />
    </div>
  );
}
