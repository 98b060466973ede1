/**
 * The languages Gatehouse ships messages for: the built-in pages, the mails and both consoles of the
 * web app. BCP 47 tags, as `Accept-Language` and `Intl` spell them. Core itself carries English; the
 * others are language modules (`@gatehouse/core/languages`), offered by an app that lists them.
 */
export const BUILT_IN_LOCALES = ["en", "de", "fr", "es", "ja", "pt-BR"] as const;

export type BuiltInLocale = (typeof BUILT_IN_LOCALES)[number];

/** The cookie a language picker sets (the web app's consoles do) so the built-in pages follow it. */
export const LOCALE_COOKIE = "gatehouse-lang";

/**
 * A language tag as RFC 5646 spells it (loosely: letters and digits in subtags of 1–8), or `_`
 * between subtags as some cookies and profiles write it.
 */
export const LOCALE_TAG = /^[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*$/;

/** The canonical form of a tag (`pt-br` → `pt-BR`), or null when it is not one. */
export function canonicalLocale(tag: unknown): string | null {
  if (typeof tag !== "string" || !LOCALE_TAG.test(tag)) return null;
  try {
    return Intl.getCanonicalLocales(tag.replaceAll("_", "-"))[0] ?? null;
  } catch {
    return null;
  }
}

/** A tag compared as tags are: any case, `_` read as `-`. */
export const lowerTag = (tag: string): string => tag.toLowerCase().replaceAll("_", "-");
const languageOf = (tag: string): string => lowerTag(tag).split("-")[0] ?? "";

/**
 * The offered language a tag asks for, or null: the same tag (any case), else its language alone
 * (`de-AT` → `de`), else the first offered variant of its language (`pt` and `pt-PT` → `pt-BR`).
 * The one rule of the server's negotiation and the consoles' choice in the browser.
 *
 * @example matchLocale("pt", BUILT_IN_LOCALES) // "pt-BR"
 */
export function matchLocale(tag: unknown, locales: readonly string[]): string | null {
  if (typeof tag !== "string" || tag.length > 64 || !LOCALE_TAG.test(tag)) return null;
  const wanted = lowerTag(tag);
  const language = languageOf(tag);
  return (
    locales.find((locale) => lowerTag(locale) === wanted) ??
    locales.find((locale) => lowerTag(locale) === language) ??
    locales.find((locale) => languageOf(locale) === language) ??
    null
  );
}
