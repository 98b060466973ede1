import type { Theme } from "../config/options.ts";
import { h, type MarkupElement, type MarkupNode } from "./lib/h.ts";
import { pageCss } from "./styles.ts";
import { safeImageUrl } from "./theme.ts";

export interface DocumentProps {
  title: string;
  theme: Theme;
  /** The CSP nonce; the one <style> element carries it. */
  nonce: string;
  /** Extra rules from `themeCss()`: built only from allow-listed colours. */
  css: string;
  children?: MarkupNode;
}

/**
 * The HTML shell: one <main> landmark with an optional logo above the card. No scripts. The
 * stylesheet is a plain text child — the renderer escapes `</style` inside it, as React does — so
 * nothing needs `dangerouslySetInnerHTML`.
 */
export function Document({ title, theme, nonce, css, children }: DocumentProps): MarkupElement {
  const scheme =
    theme.colorScheme === "light" || theme.colorScheme === "dark" ? theme.colorScheme : undefined;
  const logo = safeImageUrl(theme.logo);
  return h(
    "html",
    { lang: "en", "data-color-scheme": scheme },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("meta", { name: "robots", content: "noindex" }),
      h("title", null, title),
      h("style", { nonce }, pageCss + css),
    ),
    h(
      "body",
      null,
      h(
        "main",
        null,
        logo ? h("img", { className: "logo", src: logo, alt: "" }) : null,
        h("div", { className: "card" }, children),
      ),
    ),
  );
}
