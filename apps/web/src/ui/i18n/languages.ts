import { BUILT_IN_LOCALES, type BuiltInLocale, LOCALE_COOKIE } from "@gatehouse/core/locales";

/** A language the consoles are translated into: core's built-in locales (BCP 47 tags). */
export type Language = BuiltInLocale;

/** Every language the consoles speak, in the order the picker lists them. */
export const LANGUAGES: readonly Language[] = BUILT_IN_LOCALES;

/** What the consoles speak when nothing else fits, and whose messages are the reference. */
export const FALLBACK_LANGUAGE: Language = "en";

/** The cookie the picker sets; core's built-in pages read it too. */
export { LOCALE_COOKIE };

/** Each language in its own words, as a person looking for it would recognise it. */
export const NATIVE_NAMES: Readonly<Record<Language, string>> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  ja: "日本語",
  "pt-BR": "Português (Brasil)",
};

/** Whether `tag` is exactly one of the consoles' languages. */
export function isLanguage(tag: string): tag is Language {
  return (LANGUAGES as readonly string[]).includes(tag);
}
