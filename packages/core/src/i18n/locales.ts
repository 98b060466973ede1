/**
 * The languages Gatehouse ships messages for: the built-in pages, the mails and both consoles of the
 * web app. BCP 47 tags, as `Accept-Language` and `Intl` spell them.
 */
export const BUILT_IN_LOCALES = ["en", "de", "fr", "es", "ja", "pt-BR"] as const;

export type BuiltInLocale = (typeof BUILT_IN_LOCALES)[number];

/** The cookie a language picker sets (the web app's consoles do) so the built-in pages follow it. */
export const LOCALE_COOKIE = "gatehouse-lang";
