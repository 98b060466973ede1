import { Fragment, h, type MarkupElement } from "./lib/h.ts";

/** The CSRF token and callback URL every page form posts back (docs/protocol.md §3, §4). */
export function HiddenFields({
  csrfToken,
  callbackUrl,
}: {
  csrfToken: string;
  callbackUrl: string;
}): MarkupElement {
  return h(
    Fragment,
    null,
    h("input", { type: "hidden", name: "csrfToken", defaultValue: csrfToken }),
    callbackUrl ? h("input", { type: "hidden", name: "callbackUrl", defaultValue: callbackUrl }) : null,
  );
}
