import type { Translator } from "../i18n/translator.ts";
import { h, type MarkupElement } from "./lib/h.ts";

/**
 * The "Show password" checkbox for the password input `fieldId`: hidden until the page's script
 * (show-password-script.ts) shows it, so it exists only where it works.
 */
export function ShowPassword({ i18n, fieldId }: { i18n: Translator; fieldId: string }): MarkupElement {
  const id = `${fieldId}-show`;
  return h(
    "div",
    { className: "show-password", hidden: true, "data-show-password": fieldId },
    h("input", { type: "checkbox", id }),
    h("label", { htmlFor: id }, i18n.t("field.showPassword")),
  );
}
