import type { i18n as I18n } from "i18next";
import { detectLanguage, languageCookie, offeredLanguages, readCookie } from "./detect-language.ts";
import { isLanguage, type Language, LOCALE_COOKIE } from "./languages.ts";

/** The page's language, and the ones a person may pick from. */
export interface PageLanguage {
  language: Language;
  /** Empty when the server chose the language (the picker is then left out). */
  choices: Language[];
}

/** The `content` of `<meta name="…">`, when the server put one in the page. */
function meta(name: string): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() || null;
}

/**
 * The language of this page load, from what the browser knows: the server's `<meta
 * name="gatehouse-locale">` (forced or decided per request: no choice then), `?lang=`, the
 * `gatehouse-lang` cookie, `navigator.languages`, English; among the server's `<meta
 * name="gatehouse-locales">` when it lists them.
 * @example const { language, choices } = pageLanguage()
 */
export function pageLanguage(): PageLanguage {
  const offered = offeredLanguages(meta("gatehouse-locales"));
  const server = meta("gatehouse-locale");
  const language = detectLanguage(
    {
      server,
      query: new URLSearchParams(window.location.search).get("lang"),
      cookie: readCookie(document.cookie, LOCALE_COOKIE),
      preferred: navigator.languages,
    },
    offered,
  );
  return { language, choices: server ? [] : offered };
}

/**
 * Remembers a picked language in the `gatehouse-lang` cookie for a year, so that core's pages (sign-in,
 * errors, mails) speak it too.
 */
export function rememberLanguage(language: Language): void {
  // Not `cookieStore`, which older Safari and Firefox lack; languageCookie builds (and tests) the string.
  // biome-ignore lint/suspicious/noDocumentCookie: see above.
  document.cookie = languageCookie(LOCALE_COOKIE, language, {
    secure: window.location.protocol === "https:",
  });
}

/**
 * Keeps `<html lang>` on i18next's language, for screen readers' voices, hyphenation and fonts;
 * returns the way to stop.
 */
export function followDocumentLanguage(i18n: I18n): () => void {
  const follow = (language: string) => {
    if (isLanguage(language)) document.documentElement.lang = language;
  };
  follow(i18n.language);
  i18n.on("languageChanged", follow);
  return () => i18n.off("languageChanged", follow);
}
