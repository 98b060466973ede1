import type { I18nOptions } from "../config/options.ts";
import { parseCookies } from "../cookies/cookie.ts";
import type { GatehouseModule } from "../modules/module.ts";
import { languagesOf } from "./language-modules.ts";
import { canonicalLocale, LOCALE_COOKIE, LOCALE_TAG, lowerTag, matchLocale } from "./locales.ts";

export { canonicalLocale, matchLocale };

/** What negotiation reads of a request: a Web `Request` is one, and so is core's `RequestHead`. */
export interface LocaleRequest {
  readonly url: string;
  readonly headers: { get(name: string): string | null };
}

/** The inputs of negotiation, already checked: `ResolvedConfig.i18n` is one. */
export interface LocaleChoice {
  /** The languages offered, as canonical BCP 47 tags, in order of preference. */
  readonly locales: readonly string[];
  /** One of `locales`. */
  readonly defaultLocale: string;
  /** Forced for every request: one of `locales`, or null. */
  readonly locale: string | null;
  readonly detectLocale: ((request: Request) => unknown) | null;
}

/** Where a request's language came from. */
export type LocaleSource = "forced" | "detected" | "query" | "cookie" | "header" | "default";

const QUALITY = /^q=(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;
/** Headers are untrusted: past this, the rest of an Accept-Language is not read. */
const MAX_HEADER = 1024;
const MAX_RANGES = 32;

interface LanguageRange {
  tag: string;
  q: number;
}

/**
 * An `Accept-Language` header's ranges by preference (RFC 9110 §12.5.4): highest `q` first, the
 * header's order among equals. A malformed range (a bad tag or `q`) is skipped, not the header.
 */
export function parseAcceptLanguage(header: string | null): LanguageRange[] {
  if (!header) return [];
  const ranges: LanguageRange[] = [];
  for (const item of header.slice(0, MAX_HEADER).split(",").slice(0, MAX_RANGES)) {
    const [rawTag = "", ...params] = item.split(";").map((part) => part.trim());
    if (rawTag !== "*" && !LOCALE_TAG.test(rawTag)) continue;
    const quality = params.find((param) => /^q\s*=/i.test(param))?.replace(/\s+/g, "");
    if (quality !== undefined && !QUALITY.test(quality)) continue;
    ranges.push({ tag: rawTag, q: quality === undefined ? 1 : Number(quality.slice(2)) });
  }
  // Array#sort is stable: equal q keep the header's order.
  return ranges.sort((a, b) => b.q - a.q);
}

/**
 * The offered language an `Accept-Language` header prefers, or null. `q=0` refuses a language (and
 * its regional variants: `pt;q=0` refuses `pt-BR`); `*` takes the default, else any language not
 * refused.
 */
export function pickFromAcceptLanguage(
  header: string | null,
  choice: Pick<LocaleChoice, "locales" | "defaultLocale">,
): string | null {
  const ranges = parseAcceptLanguage(header);
  const refused = ranges
    .filter((range) => range.q === 0 && range.tag !== "*")
    .map((range) => lowerTag(range.tag));
  const allowed = (locale: string): boolean =>
    !refused.some((tag) => lowerTag(locale) === tag || lowerTag(locale).startsWith(`${tag}-`));
  for (const range of ranges) {
    if (range.q === 0) continue;
    if (range.tag === "*") {
      const any = [choice.defaultLocale, ...choice.locales].find(allowed);
      if (any) return any;
      continue;
    }
    const match = matchLocale(range.tag, choice.locales);
    if (match && allowed(match)) return match;
  }
  return null;
}

function queryLang(url: string): string | null {
  try {
    return new URL(url).searchParams.get("lang");
  } catch {
    return null;
  }
}

/**
 * A request's language and where it came from, in the order of `I18nOptions`: forced `locale`,
 * `detectLocale(request)`, `?lang=`, the `gatehouse-lang` cookie, `Accept-Language`, the default.
 * Each step counts only when it names an offered language; anything else falls through. A
 * `detectLocale` that throws falls through too, and `onDetectError` hears of it.
 */
export function chooseLocale(
  request: LocaleRequest,
  choice: LocaleChoice,
  onDetectError?: (error: unknown) => void,
): { locale: string; source: LocaleSource } {
  const forced = matchLocale(choice.locale, choice.locales);
  if (forced) return { locale: forced, source: "forced" };
  // detectLocale takes a Web Request; a request described as plain data (`answer`) has none to give.
  if (choice.detectLocale && typeof Request === "function" && request instanceof Request) {
    try {
      const detected = matchLocale(choice.detectLocale(request), choice.locales);
      if (detected) return { locale: detected, source: "detected" };
    } catch (error) {
      onDetectError?.(error);
    }
  }
  const fromQuery = matchLocale(queryLang(request.url), choice.locales);
  if (fromQuery) return { locale: fromQuery, source: "query" };
  const fromCookie = matchLocale(
    parseCookies(request.headers.get("cookie")).get(LOCALE_COOKIE),
    choice.locales,
  );
  if (fromCookie) return { locale: fromCookie, source: "cookie" };
  const fromHeader = pickFromAcceptLanguage(request.headers.get("accept-language"), choice);
  if (fromHeader) return { locale: fromHeader, source: "header" };
  return { locale: choice.defaultLocale, source: "default" };
}

/**
 * The languages offered when `i18n.locales` is not set: English, then each language a language module
 * adds (`moduleLanguages`, in the modules' order), then each one an app adds in `i18n.messages`
 * (config resolution makes sure an added one gives every key).
 */
export function defaultLocales(
  messages: I18nOptions["messages"],
  moduleLanguages: Iterable<string> = [],
): string[] {
  const offered: string[] = ["en"];
  for (const tag of [...moduleLanguages, ...Object.keys(messages ?? {})]) {
    const canonical = canonicalLocale(tag);
    if (canonical && !offered.some((locale) => lowerTag(locale) === lowerTag(canonical)))
      offered.push(canonical);
  }
  return offered;
}

/**
 * The language Gatehouse answers a request in, for the same `i18n` options and the same `modules`:
 * an app's own pages (or the React consoles' server) can follow the built-in pages. Without
 * `i18n.locales`, the languages offered are English and those of the language modules in `modules`
 * (and any `i18n.messages` adds), as for `gatehouse()`. See `I18nOptions` for the order.
 *
 * @example
 * const lang = negotiateLocale(request, { defaultLocale: "de" }, [de, ja]); // "ja" for Accept-Language: ja
 */
export function negotiateLocale(
  request: LocaleRequest,
  options: I18nOptions = {},
  modules?: readonly GatehouseModule[],
): string {
  return negotiateLocaleWithSource(request, options, modules).locale;
}

/**
 * `negotiateLocale`'s answer and the step that decided it (`LocaleSource`). A server that hands a page
 * to a client-side app tells it a language the server decided (`forced`, `detected`) and leaves the
 * others — `?lang=`, the cookie, `Accept-Language` — to the app's own language picker.
 *
 * @example
 * const { locale, source } = negotiateLocaleWithSource(request, { locale: "de" }, [de]); // "de", "forced"
 */
export function negotiateLocaleWithSource(
  request: LocaleRequest,
  options: I18nOptions = {},
  modules?: readonly GatehouseModule[],
): { locale: string; source: LocaleSource } {
  const offered = (options.locales ?? defaultLocales(options.messages, languagesOf(modules).keys()))
    .map(canonicalLocale)
    .filter((tag) => tag !== null);
  const locales = offered.length > 0 ? offered : ["en"];
  const defaultLocale = matchLocale(options.defaultLocale ?? "en", locales) ?? locales[0] ?? "en";
  const choice: LocaleChoice = {
    locales,
    defaultLocale,
    locale: options.locale ?? null,
    detectLocale: typeof options.detectLocale === "function" ? options.detectLocale : null,
  };
  return chooseLocale(request, choice);
}
