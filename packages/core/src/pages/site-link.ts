import { h, type MarkupElement } from "./lib/h.ts";

/** A plain link back to the site, labelled with its host only: the pages never show the base path (seed-spec.md). */
export function SiteLink({ origin }: { origin: string }): MarkupElement {
  return h("p", { className: "site" }, h("a", { href: origin }, new URL(origin).host));
}
