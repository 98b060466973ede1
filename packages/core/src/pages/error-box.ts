import { createElement as h, type ReactElement } from "react";

/** The inline error of the sign-in and sign-out pages; `role="alert"` so screen readers announce it. */
export function ErrorBox({ message }: { message: string }): ReactElement {
  return h("div", { className: "alert", role: "alert" }, message);
}
