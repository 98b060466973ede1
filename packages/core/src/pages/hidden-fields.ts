import { Fragment, createElement as h, type ReactElement } from "react";

/** The CSRF token and callback URL every page form posts back (protocol.md §3, §4). */
export function HiddenFields({
  csrfToken,
  callbackUrl,
}: {
  csrfToken: string;
  callbackUrl: string;
}): ReactElement {
  return h(
    Fragment,
    null,
    h("input", { type: "hidden", name: "csrfToken", defaultValue: csrfToken }),
    callbackUrl ? h("input", { type: "hidden", name: "callbackUrl", defaultValue: callbackUrl }) : null,
  );
}
