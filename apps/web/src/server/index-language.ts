import { type I18nOptions, negotiateLocaleWithSource } from "@gatehouse/core";
import { LANGUAGE_MODULES } from "./language-modules.ts";

/** What the server tells the UI about languages in the page it serves; null where it has nothing to say. */
export interface IndexLanguage {
  /**
   * The language the server decided: forced by `i18n.locale` or answered by `i18n.detectLocale`. The
   * UI then speaks it and shows no picker. Null when the request's own hints (`?lang=`, the cookie,
   * `Accept-Language`) would decide: the UI reads those itself, and its picker stays.
   */
  locale: string | null;
  /** The languages `i18n.locales` offers, when it limits them; null for every built-in one. */
  locales: readonly string[] | null;
}

/**
 * What the page served for `request` says about its language, under the app's `i18n` options (the same
 * ones core's pages follow, with the web app's language modules, so the consoles and the sign-in page
 * agree).
 * @example indexLanguage(request, { locale: "de" }) // { locale: "de", locales: null }
 */
export function indexLanguage(request: Request, i18n: I18nOptions | undefined): IndexLanguage {
  const locales = i18n?.locales ? canonicalTags(i18n.locales) : null;
  if (!i18n || (i18n.locale === undefined && i18n.detectLocale === undefined))
    return { locale: null, locales };
  const { locale, source } = negotiateLocaleWithSource(request, i18n, LANGUAGE_MODULES);
  return { locale: source === "forced" || source === "detected" ? locale : null, locales };
}

/** The tags in their canonical spelling (`pt-br` → `pt-BR`), each once; a malformed one is left out. */
function canonicalTags(tags: readonly string[]): string[] {
  const canonical = tags.flatMap((tag) => {
    try {
      return Intl.getCanonicalLocales(tag);
    } catch {
      return [];
    }
  });
  return [...new Set(canonical)];
}

/** `&`, `<`, `>`, `"` and `'` as character references: safe in an attribute value and in text. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The built `index.html` with its language: `<html lang>` and `<meta name="gatehouse-locale">` for a
 * language the server decided, `<meta name="gatehouse-locales">` for the offered ones (read by the UI's
 * browser-language.ts). Unchanged when there is nothing to say. Every value is escaped, though each is
 * a tag the configuration gave: the page must not depend on that.
 * @example withIndexLanguage(html, { locale: "de", locales: ["en", "de"] })
 */
export function withIndexLanguage(html: string, { locale, locales }: IndexLanguage): string {
  const metas = [
    locale === null ? null : `<meta name="gatehouse-locale" content="${escapeHtml(locale)}" />`,
    locales === null ? null : `<meta name="gatehouse-locales" content="${escapeHtml(locales.join(" "))}" />`,
  ].filter((meta) => meta !== null);
  if (metas.length === 0) return html;
  let page = html;
  if (locale !== null) {
    const lang = `lang="${escapeHtml(locale)}"`;
    page = page.replace(/<html\b[^>]*>/i, (tag) =>
      /\slang\s*=/i.test(tag)
        ? tag.replace(/\slang\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, () => ` ${lang}`)
        : tag.replace(/^<html/i, () => `<html ${lang}`),
    );
  }
  const head = metas.join("");
  // In the head (the built page has one); else right after <html>, where a browser puts it in the head.
  // Replacements are functions: a string one would read `$&` and the like in what it inserts.
  if (/<\/head>/i.test(page)) return page.replace(/<\/head>/i, () => `${head}</head>`);
  if (/<html\b[^>]*>/i.test(page)) return page.replace(/<html\b[^>]*>/i, (tag) => `${tag}${head}`);
  return `${head}${page}`;
}
