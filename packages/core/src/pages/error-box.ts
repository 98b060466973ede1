import { h, type MarkupElement } from "./lib/h.ts";

/** The id of a form page's one error box, so the field it is about can point at it (`aria-describedby`). */
export const ERROR_BOX_ID = "form-error";

/**
 * The inline error of the form pages: `role="alert"` so screen readers announce it, and focused when
 * the page loads (`autofocus`, no script needed) so a keyboard user starts from what went wrong and
 * the next Tab reaches the form.
 */
export function ErrorBox({ message, id }: { message: string; id?: string }): MarkupElement {
  return h("div", { className: "alert", role: "alert", id, tabIndex: -1, autoFocus: true }, message);
}
