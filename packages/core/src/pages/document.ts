import type { Theme } from "../config/options.ts";
import { h, type MarkupElement, type MarkupNode } from "./lib/h.ts";
import { pageCss } from "./styles.ts";
import { safeImageUrl } from "./theme.ts";

export interface DocumentProps {
  title: string;
  /** The page's language (`<html lang>`), and `rtl` for a language written right to left. */
  lang: string;
  dir?: "rtl";
  theme: Theme;
  /** The CSP nonce; the one <style> element carries it. */
  nonce: string;
  /** Extra rules from `themeCss()`: built only from allow-listed colours. */
  css: string;
  /** The page's one script (passkeys), run after the content it enhances; it carries the nonce too. */
  script?: string;
  children?: MarkupNode;
}

/**
 * The HTML shell: one <main> landmark with an optional logo above the card, and the page's script
 * (when it has one) last in <body>. The stylesheet and the script are plain text children — the
 * renderer escapes `</style` and `</script` inside them, as React does — so nothing needs
 * `dangerouslySetInnerHTML`.
 */
export function Document({
  title,
  lang,
  dir,
  theme,
  nonce,
  css,
  script,
  children,
}: DocumentProps): MarkupElement {
  const scheme =
    theme.colorScheme === "light" || theme.colorScheme === "dark" ? theme.colorScheme : undefined;
  const logo = safeImageUrl(theme.logo);
  return h(
    "html",
    { lang, dir, "data-color-scheme": scheme },
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
      script ? h("script", { nonce }, script) : null,
    ),
  );
}
