import { createElement as h, type ReactElement } from "react";

/** A plain link back to the site, labelled with its host only: the pages never show the base path (seed-spec.md). */
export function SiteLink({ origin }: { origin: string }): ReactElement {
  return h("p", { className: "site" }, h("a", { href: origin }, new URL(origin).host));
}
