import assert from "node:assert/strict";
import { test } from "node:test";
import { resolveI18n } from "../config/resolve-i18n.ts";
import { de } from "../languages/de.ts";
import { languages } from "../languages/index.ts";
import { composeModules } from "../modules/compose-modules.ts";
import { BUILT_IN_LOCALES } from "./locales.ts";
import {
  chooseLocale,
  matchLocale,
  negotiateLocale,
  negotiateLocaleWithSource,
  parseAcceptLanguage,
  pickFromAcceptLanguage,
} from "./negotiate-locale.ts";

const locales = [...BUILT_IN_LOCALES];
const choice = { locales, defaultLocale: "en" };
/** Every language module, as the web app lists them. */
const all = [...languages];
/** Resolved `i18n` options of an app that lists every language module. */
const withLanguages = (options: unknown) => resolveI18n(options, composeModules(all).coreMessages);

function request(init: { url?: string; headers?: Record<string, string> } = {}): Request {
  return new Request(init.url ?? "https://app.example/api/auth/signin", { headers: init.headers ?? {} });
}

const fromHeader = (header: string) => pickFromAcceptLanguage(header, choice);

test("matching a tag: exact in any case, then the language, then its first regional variant", () => {
  assert.equal(matchLocale("de", locales), "de");
  assert.equal(matchLocale("DE", locales), "de");
  assert.equal(matchLocale("de-AT", locales), "de");
  assert.equal(matchLocale("pt", locales), "pt-BR");
  assert.equal(matchLocale("pt-PT", locales), "pt-BR");
  assert.equal(matchLocale("pt_br", locales), "pt-BR");
  assert.equal(matchLocale("ja-JP", locales), "ja");
  assert.equal(matchLocale("zh-CN", locales), null);
  for (const junk of ["", "*", "de;q=1", "d e", "x".repeat(65), "../de", 42, null, undefined, {}]) {
    assert.equal(matchLocale(junk, locales), null, String(junk));
  }
});

test("Accept-Language: the highest q wins; equal q keep the header's order", () => {
  assert.equal(fromHeader("de"), "de");
  assert.equal(fromHeader("fr;q=0.5, ja;q=0.9"), "ja");
  assert.equal(fromHeader("es, fr"), "es");
  assert.equal(fromHeader("zh-CN, fr-CA;q=0.8, en;q=0.7"), "fr", "an unoffered language is passed over");
  assert.equal(fromHeader("pt-PT,pt;q=0.9,en;q=0.8"), "pt-BR");
  assert.equal(fromHeader("en-GB;q=0.8, de-CH;q=0.9"), "de");
  assert.deepEqual(
    parseAcceptLanguage("en;q=0.5, de, fr;q=0.5").map((range) => range.tag),
    ["de", "en", "fr"],
  );
});

test("Accept-Language: q=0 refuses a language and its variants; * takes the default or any not refused", () => {
  assert.equal(fromHeader("de;q=0, fr"), "fr");
  assert.equal(fromHeader("pt;q=0, pt-BR, es;q=0.5"), "es", "pt;q=0 refuses pt-BR too");
  assert.equal(fromHeader("zh, *;q=0.5"), "en");
  assert.equal(fromHeader("en;q=0, *"), "de", "* with the default refused: the next offered one");
  assert.equal(fromHeader("*;q=0"), null);
  assert.equal(fromHeader("zh-TW, ko"), null);
});

test("Accept-Language: malformed ranges are skipped, never the whole header; a huge header is cut", () => {
  assert.equal(fromHeader("de;q=2, fr;q=abc, ja;q=0.5"), "ja", "q out of range or not a number");
  assert.equal(fromHeader("<script>, ja"), "ja");
  assert.equal(fromHeader(";;;,,, ,de"), "de");
  assert.equal(fromHeader("de ; q = 0.7 , fr;q=0.6"), "de", "spaces around q are allowed");
  assert.equal(fromHeader(""), null);
  assert.equal(pickFromAcceptLanguage(null, choice), null);
  const huge = `${"xx, ".repeat(5000)}de`;
  assert.equal(fromHeader(huge), null, "ranges past the limit are not read");
  assert.ok(parseAcceptLanguage(huge).length <= 32);
});

test("the order: forced, detectLocale, ?lang=, the cookie, Accept-Language, the default", () => {
  const all = {
    url: "https://app.example/api/auth/signin?lang=fr",
    headers: { cookie: "a=1; gatehouse-lang=es", "accept-language": "ja" },
  };
  const settings = withLanguages({ locale: "de", detectLocale: () => "pt-BR" });
  assert.deepEqual(chooseLocale(request(all), settings), { locale: "de", source: "forced" });
  const detected = withLanguages({ detectLocale: () => "pt-BR" });
  assert.deepEqual(chooseLocale(request(all), detected), { locale: "pt-BR", source: "detected" });
  const plain = withLanguages({});
  assert.deepEqual(chooseLocale(request(all), plain), { locale: "fr", source: "query" });
  const noQuery = { ...all, url: "https://app.example/api/auth/signin" };
  assert.deepEqual(chooseLocale(request(noQuery), plain), { locale: "es", source: "cookie" });
  const headerOnly = { headers: { "accept-language": "ja" } };
  assert.deepEqual(chooseLocale(request(headerOnly), plain), { locale: "ja", source: "header" });
  assert.deepEqual(chooseLocale(request(), plain), { locale: "en", source: "default" });
  assert.deepEqual(chooseLocale(request(), withLanguages({ defaultLocale: "ja" })), {
    locale: "ja",
    source: "default",
  });
});

test("a step naming a language not offered falls through to the next", () => {
  const settings = withLanguages({ locales: ["en", "de"], detectLocale: () => "ja" });
  const asked = request({
    url: "https://app.example/api/auth/signin?lang=fr",
    headers: { cookie: "gatehouse-lang=es", "accept-language": "ja, de;q=0.5" },
  });
  assert.deepEqual(chooseLocale(asked, settings), { locale: "de", source: "header" });
  const junk = request({
    url: "https://app.example/api/auth/signin?lang=%3Cb%3E",
    headers: { cookie: "gatehouse-lang=%00" },
  });
  assert.deepEqual(chooseLocale(junk, settings), { locale: "en", source: "default" });
});

test("detectLocale that throws or answers junk falls through; a throw is reported", () => {
  const reported: unknown[] = [];
  const asked = request({ headers: { "accept-language": "ja" } });
  const throwing = withLanguages({
    detectLocale: () => {
      throw new Error("profile store down");
    },
  });
  assert.deepEqual(
    chooseLocale(asked, throwing, (error) => reported.push(error)),
    {
      locale: "ja",
      source: "header",
    },
  );
  assert.equal(reported.length, 1);
  for (const answer of [undefined, null, "", "klingon", 42, { locale: "de" }, Promise.resolve("de")]) {
    const settings = withLanguages({ detectLocale: () => answer as string });
    assert.equal(chooseLocale(asked, settings).locale, "ja", String(answer));
  }
});

test("detectLocale gets the Web Request; a request described as plain data skips it", () => {
  let seen: unknown = null;
  const settings = withLanguages({
    detectLocale: (r: Request) => {
      seen = r;
      return "de";
    },
  });
  const web = request();
  assert.equal(chooseLocale(web, settings).locale, "de");
  assert.equal(seen, web);
  const head = {
    url: "https://app.example/api/auth/session",
    headers: new Headers({ "accept-language": "fr" }),
  };
  assert.equal(chooseLocale(head, settings).locale, "fr");
});

test("negotiateLocale, for apps: the same answer from the same options", () => {
  const asked = request({ headers: { "accept-language": "pt-PT, en;q=0.5" } });
  assert.equal(negotiateLocale(asked, {}, all), "pt-BR");
  assert.equal(negotiateLocale(asked, { locales: ["en", "de"] }, all), "en");
  assert.equal(negotiateLocale(request(), { defaultLocale: "ja" }, all), "ja");
  assert.equal(negotiateLocale(asked, { locale: "de" }, all), "de");
  assert.equal(negotiateLocale(request({ url: "https://x.example/?lang=es" }), {}, all), "es");
  assert.equal(negotiateLocale(asked, { detectLocale: () => "fr" }, all), "fr");
});

test("negotiateLocaleWithSource: which step decided, so a server tells its client app only its own decisions", () => {
  const asked = request({ headers: { cookie: "gatehouse-lang=es", "accept-language": "ja" } });
  assert.deepEqual(negotiateLocaleWithSource(asked, { locale: "de" }, all), {
    locale: "de",
    source: "forced",
  });
  assert.deepEqual(negotiateLocaleWithSource(asked, { detectLocale: () => "fr" }, all), {
    locale: "fr",
    source: "detected",
  });
  assert.deepEqual(negotiateLocaleWithSource(asked, { detectLocale: () => "xx" }, all), {
    locale: "es",
    source: "cookie",
  });
  assert.deepEqual(
    negotiateLocaleWithSource(
      request({ headers: { "accept-language": "ja" } }),
      {
        detectLocale: () => {
          throw new Error("profile store down");
        },
      },
      all,
    ),
    { locale: "ja", source: "header" },
    "a throwing detectLocale falls through",
  );
  assert.deepEqual(negotiateLocaleWithSource(request(), { locales: ["de", "en"] }, all), {
    locale: "en",
    source: "default",
  });
});

test("negotiateLocale without modules: English alone, as gatehouse() offers without language modules", () => {
  const german = request({ headers: { "accept-language": "de" }, url: "https://x.example/?lang=ja" });
  assert.deepEqual(negotiateLocaleWithSource(german), { locale: "en", source: "default" });
  assert.equal(negotiateLocale(german, {}, [de]), "de", "with the German module, German");
  assert.equal(negotiateLocale(german, {}, [...languages]), "ja", "with all five, ?lang=ja first");
  // A module's own messages in a language do not offer it: core's pages have no words in it.
  const hello = { id: "hello", messages: { en: { "hello.hi": "Hi" }, de: { "hello.hi": "Hallo" } } };
  assert.equal(negotiateLocale(german, {}, [hello]), "en");
  // i18n.messages adding a whole language offers it, as for gatehouse().
  assert.equal(
    negotiateLocale(request({ headers: { "accept-language": "nl" } }), { messages: { nl: {} } }),
    "nl",
  );
});
