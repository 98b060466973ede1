/** Test helpers: just enough HTML reading for assertions on the pages' static markup. */
import type { Theme } from "../config/options.ts";
import type { BuiltInLocale } from "../i18n/locales.ts";
import { shippedTranslator } from "../languages/shipped-test-utils.ts";
import { type PageModel, type RenderedPage, renderPage } from "./render-page.ts";

export const context = {
  baseUrl: "http://localhost:3000/api/auth",
  origin: "http://localhost:3000",
  theme: {} as Theme,
  i18n: shippedTranslator("en"),
};

export const hostile = `"><script>alert(1)</script>'&`;

export function render(model: PageModel, theme: Theme = {}): RenderedPage {
  return renderPage(model, { ...context, theme });
}

/** The page in one of the languages Gatehouse ships (its module listed). */
export function renderIn(locale: BuiltInLocale, model: PageModel): RenderedPage {
  return renderPage(model, { ...context, i18n: shippedTranslator(locale) });
}

/** How the pages escape text and attribute values (as React does). */
export function escaped(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
}

function unescapeHtml(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** Every `<name …>` start tag with its attributes (names lower-cased, values unescaped). */
export function tags(html: string, name: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  for (const match of html.matchAll(new RegExp(`<${name}((?:\\s+[^\\s=/>]+(?:="[^"]*")?)*)\\s*/?>`, "gi"))) {
    const attributes: Record<string, string> = {};
    for (const attr of (match[1] ?? "").matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)) {
      attributes[(attr[1] ?? "").toLowerCase()] = unescapeHtml(attr[2] ?? "");
    }
    found.push(attributes);
  }
  return found;
}

/** The forms of a page, each with its action and the start tags inside it. */
export function forms(html: string): { action: string; method: string; body: string }[] {
  return [...html.matchAll(/<form([^>]*)>(.*?)<\/form>/gs)].map((match) => {
    const [attributes] = tags(`<form${match[1]}>`, "form");
    return { action: attributes?.action ?? "", method: attributes?.method ?? "", body: match[2] ?? "" };
  });
}

/** The value of the named input inside some markup, or undefined. */
export function field(html: string, name: string): Record<string, string> | undefined {
  return tags(html, "input").find((input) => input.name === name);
}
