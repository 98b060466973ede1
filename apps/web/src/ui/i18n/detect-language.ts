import { matchLocale } from "@gatehouse/core/locales";
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from "./languages.ts";

/**
 * The language of `tag` among `offered`, by core's rule (`matchLocale`, the one the server's pages
 * negotiate with): the same tag (case aside), else the first offered one of the same language,
 * whatever its region (`pt` and `pt-PT` → `pt-BR`, `de-AT` → `de`); null when none is.
 * @example matchLanguage("pt", LANGUAGES) // "pt-BR"
 */
export function matchLanguage(tag: string, offered: readonly Language[] = LANGUAGES): Language | null {
  return matchLocale(tag.trim(), offered) as Language | null;
}

/** What the browser knows about the language a person wants, strongest first. */
export interface LanguageHints {
  /**
   * The server's choice (`<meta name="gatehouse-locale">`): a language forced by the configuration or
   * decided per request (`i18n.locale`, `i18n.detectLocale`). It wins, as it does for core's pages.
   */
  server?: string | null | undefined;
  /** `?lang=` in the page's URL. */
  query?: string | null | undefined;
  /** The `gatehouse-lang` cookie the picker sets. */
  cookie?: string | null | undefined;
  /** `navigator.languages`, most preferred first. */
  preferred?: readonly string[] | undefined;
}

/**
 * The language to speak: the server's choice, then `?lang=`, then the cookie, then the browser's
 * preferred languages (each by `matchLanguage`), then English. A hint that is no offered language is
 * passed over, never an error: it is untrusted input.
 * @example detectLanguage({ cookie: "ja", preferred: ["de-DE"] }) // "ja"
 */
export function detectLanguage(hints: LanguageHints, offered: readonly Language[] = LANGUAGES): Language {
  const candidates = [hints.server, hints.query, hints.cookie, ...(hints.preferred ?? [])];
  for (const candidate of candidates) {
    const language = candidate ? matchLanguage(candidate, offered) : null;
    if (language) return language;
  }
  return offered.includes(FALLBACK_LANGUAGE) ? FALLBACK_LANGUAGE : (offered[0] ?? FALLBACK_LANGUAGE);
}

/**
 * The languages a server offers (`<meta name="gatehouse-locales" content="en de">`, its `i18n.locales`)
 * that the consoles speak; every one when it says nothing or nothing usable.
 * @example offeredLanguages("de en-GB xx") // ["de", "en"]
 */
export function offeredLanguages(list: string | null | undefined): Language[] {
  const matched = (list ?? "")
    .split(/[\s,]+/)
    .map((tag) => (tag ? matchLanguage(tag) : null))
    .filter((language): language is Language => language !== null);
  const unique = [...new Set(matched)];
  return unique.length > 0 ? unique : [...LANGUAGES];
}

/**
 * The value of cookie `name` in a `document.cookie` string; null when it is not there.
 * @example readCookie("a=1; gatehouse-lang=de", "gatehouse-lang") // "de"
 */
export function readCookie(cookies: string, name: string): string | null {
  for (const pair of cookies.split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === name) {
      const value = pair.slice(at + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

const YEAR = 365 * 24 * 60 * 60;

/**
 * The `document.cookie` assignment that remembers `language` for a year, for the whole site (core's
 * pages read it); Lax, as it only picks words; Secure on https.
 * @example document.cookie = languageCookie("gatehouse-lang", "de", { secure: true })
 */
export function languageCookie(name: string, language: Language, { secure }: { secure: boolean }): string {
  return `${name}=${encodeURIComponent(language)}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
