import type { Theme } from "../config/options.ts";
import type { Translator } from "../i18n/translator.ts";
import { Document } from "./document.ts";
import { h, type MarkupNode } from "./lib/h.ts";
import { renderMarkup } from "./lib/render-markup.ts";
import type { RenderedPage } from "./page-model.ts";

/**
 * One built-in HTML page as a response: the document shell around `content`, rendered as React would
 * render it (every text and attribute escaped; see lib/render-markup.ts), with the security headers
 * every page carries. `csp` builds the page's Content-Security-Policy from the fresh per-response nonce.
 */
export function renderHtmlDocument(input: {
  status: number;
  title: string;
  /** The page's language: `<html lang>` (and `dir="rtl"` where it is written right to left). */
  i18n: Pick<Translator, "locale" | "direction">;
  theme: Theme;
  css: string;
  content: MarkupNode;
  /** The page's one inline script, allowed by the nonce (`csp` must name it in `script-src`). */
  script?: string;
  csp: (nonce: string) => string;
  /** The nonce, when the content needs it too (an inline script); fresh per response otherwise. */
  nonce?: string;
  /** Extra headers of this page; the security headers below always win over them. */
  headers?: Record<string, string>;
}): RenderedPage {
  // A fresh nonce per response, so a nonce seen once is useless for injecting a style later.
  const nonce = input.nonce ?? crypto.randomUUID();
  const document = h(
    Document,
    {
      title: input.title,
      lang: input.i18n.locale,
      ...(input.i18n.direction === "rtl" ? { dir: "rtl" as const } : {}),
      theme: input.theme,
      nonce,
      css: input.css,
      ...(input.script ? { script: input.script } : {}),
    },
    input.content,
  );
  return {
    status: input.status,
    headers: {
      ...input.headers,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": input.csp(nonce),
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Cache-Control": "no-store",
    },
    body: `<!DOCTYPE html>${renderMarkup(document)}`,
  };
}
