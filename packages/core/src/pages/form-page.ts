import { ERROR_BOX_ID, ErrorBox } from "./error-box.ts";
import type { InlineError } from "./inline-error.ts";
import { h, type MarkupElement, type MarkupNode } from "./lib/h.ts";

/**
 * The frame of a form page: its heading, the error box when there is an error (first, so it is read
 * before the form it is about), then the page's own content.
 *
 * @example
 * h(FormPage, { title: "Reset your password", error }, h("form", { method: "post", action }, fields))
 */
export function FormPage({
  title,
  error,
  children,
}: {
  title: string;
  error: InlineError | null;
  children?: MarkupNode;
}): MarkupElement {
  return h(
    "div",
    null,
    h("h1", null, title),
    error ? h(ErrorBox, { id: ERROR_BOX_ID, message: error.message }) : null,
    children,
  );
}
