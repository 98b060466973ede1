import type { Translator } from "../i18n/translator.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../passwords/policy.ts";
import { ERROR_BOX_ID } from "./error-box.ts";
import { h, type MarkupElement } from "./lib/h.ts";

export interface TextFieldProps {
  id: string;
  name: string;
  label: string;
  type: "email" | "text" | "password";
  autoComplete: string;
  /** `numeric` for codes: a digit keyboard on phones, while the value stays text (leading zeros). */
  inputMode?: "numeric";
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** Shown under the label and read out with the field. */
  hint?: string;
  /** The page's error box is about this field: point at it and mark the field invalid. */
  invalid?: boolean;
  defaultValue?: string;
}

/**
 * A labelled input of the account pages, GOV.UK style: label, then hint, then the input. Hint and
 * error reach assistive technology through `aria-describedby`, as the visual layout links them.
 */
export function TextField(props: TextFieldProps): MarkupElement {
  const hintId = props.hint ? `${props.id}-hint` : undefined;
  const describedBy = [hintId, props.invalid ? ERROR_BOX_ID : undefined].filter(Boolean).join(" ");
  return h(
    "div",
    { className: "field" },
    h("label", { htmlFor: props.id }, props.label),
    props.hint ? h("p", { id: hintId, className: "hint" }, props.hint) : null,
    h("input", {
      id: props.id,
      name: props.name,
      type: props.type,
      autoComplete: props.autoComplete,
      inputMode: props.inputMode,
      required: props.required,
      minLength: props.minLength,
      maxLength: props.maxLength,
      "aria-describedby": describedBy || undefined,
      "aria-invalid": props.invalid ? "true" : undefined,
      defaultValue: props.defaultValue,
    }),
  );
}

/**
 * The attributes of every new-password input, its hint in the page's language. The browser counts
 * UTF-16 units and the policy counts code points after NFKC, so these only spare a round trip; the
 * server's check is the one that holds.
 */
export function newPasswordField(i18n: Translator) {
  return {
    type: "password",
    autoComplete: "new-password",
    required: true,
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    hint: i18n.t("field.newPasswordHint", { count: PASSWORD_MIN_LENGTH }),
  } as const;
}
