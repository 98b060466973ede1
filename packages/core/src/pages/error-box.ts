import { h, type MarkupElement } from "./lib/h.ts";

/** The inline error of the sign-in and sign-out pages; `role="alert"` so screen readers announce it. */
export function ErrorBox({ message }: { message: string }): MarkupElement {
  return h("div", { className: "alert", role: "alert" }, message);
}
