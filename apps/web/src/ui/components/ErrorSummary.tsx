import { type MouseEvent, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";

/** One problem of a form: its message, and the id of the field to fix. */
export interface FormProblem {
  field: string;
  message: string;
}

/** The message of `field` among `problems`, for its `TextField`'s `error`. */
export function problemOf(problems: FormProblem[], field: string): string | null {
  return problems.find((problem) => problem.field === field)?.message ?? null;
}

/**
 * GOV.UK's error summary: what is wrong with the form, at its top, announced and focused when it
 * appears; each message links to its field. Nothing when there are no problems.
 */
export function ErrorSummary({ problems }: { problems: FormProblem[] }) {
  const { t } = useTranslation("common");
  const box = useRef<HTMLDivElement>(null);
  const heading = useId();
  const shown = problems.map((problem) => problem.message).join("\n");
  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown]);
  if (problems.length === 0) return null;

  // A fragment link would scroll but leave the focus where it was; the field should take it.
  function focusField(event: MouseEvent<HTMLAnchorElement>, field: string) {
    event.preventDefault();
    document.getElementById(field)?.focus();
  }

  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={box} aria-labelledby={heading}>
      <h3 id={heading}>{t("form.problem")}</h3>
      <ul>
        {problems.map((problem) => (
          <li key={problem.field}>
            <a href={`#${problem.field}`} onClick={(event) => focusField(event, problem.field)}>
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
