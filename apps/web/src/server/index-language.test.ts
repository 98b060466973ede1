import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { indexLanguage, withIndexLanguage } from "./index-language.ts";

const PAGE =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n  </head>\n  <body><div id="root"></div></body>\n</html>';

/** A request for the UI's page with these request headers (the cookie, Accept-Language). */
const request = (headers: Record<string, string> = {}, path = "/account") =>
  new Request(`http://localhost:3000${path}`, { headers });

describe("indexLanguage", () => {
  it("says nothing without i18n options, or when the request's own hints decide", () => {
    const hinted = request({ cookie: "gatehouse-lang=fr", "accept-language": "ja" });
    assert.deepEqual(indexLanguage(hinted, undefined), { locale: null, locales: null });
    assert.deepEqual(indexLanguage(hinted, { defaultLocale: "de" }), { locale: null, locales: null });
    assert.deepEqual(indexLanguage(request({}, "/account?lang=es"), {}), { locale: null, locales: null });
  });

  it("gives a forced language, whatever the cookie and the browser ask for", () => {
    const hinted = request({ cookie: "gatehouse-lang=fr", "accept-language": "ja" });
    assert.deepEqual(indexLanguage(hinted, { locale: "de" }), { locale: "de", locales: null });
    assert.deepEqual(indexLanguage(hinted, { locale: "pt" }), { locale: "pt-BR", locales: null });
  });

  it("gives what detectLocale decides, and nothing when it passes (the cookie decides then)", () => {
    const seen: string[] = [];
    const detectLocale = (req: Request) => {
      seen.push(req.headers.get("x-user") ?? "");
      return req.headers.get("x-user") === "kenji" ? "ja-JP" : undefined;
    };
    assert.deepEqual(indexLanguage(request({ "x-user": "kenji" }), { detectLocale }), {
      locale: "ja",
      locales: null,
    });
    const other = request({ "x-user": "ada", cookie: "gatehouse-lang=fr" });
    assert.deepEqual(indexLanguage(other, { detectLocale }), { locale: null, locales: null });
    assert.deepEqual(seen, ["kenji", "ada"], "detectLocale gets the request itself, once each");
    const throwing = () => {
      throw new Error("profile store down");
    };
    assert.deepEqual(indexLanguage(request(), { detectLocale: throwing }), { locale: null, locales: null });
  });

  it("lists the offered languages when i18n.locales limits them, canonical and each once", () => {
    assert.deepEqual(indexLanguage(request({ cookie: "gatehouse-lang=de" }), { locales: ["en", "de"] }), {
      locale: null,
      locales: ["en", "de"],
    });
    assert.deepEqual(indexLanguage(request(), { locales: ["pt-br", "EN", "en"], locale: "en" }), {
      locale: "en",
      locales: ["pt-BR", "en"],
    });
  });
});

describe("withIndexLanguage", () => {
  it("leaves the page as it is when there is nothing to say", () => {
    assert.equal(withIndexLanguage(PAGE, { locale: null, locales: null }), PAGE);
  });

  it("sets <html lang> and adds the metas in the head", () => {
    const page = withIndexLanguage(PAGE, { locale: "de", locales: ["en", "de"] });
    assert.match(page, /<html lang="de">/);
    assert.match(
      page,
      /<meta name="gatehouse-locale" content="de" \/><meta name="gatehouse-locales" content="en de" \/><\/head>/,
    );
  });

  it("offers languages without deciding one: the page's lang stays the UI's to set", () => {
    const page = withIndexLanguage(PAGE, { locale: null, locales: ["en", "ja"] });
    assert.match(page, /<html lang="en">/);
    assert.match(page, /<meta name="gatehouse-locales" content="en ja" \/>/);
    assert.doesNotMatch(page, /gatehouse-locale"/);
  });

  it("adds lang to an <html> without one, and the metas after it when there is no head", () => {
    const bare = '<!doctype html><html class="x"><body><div id="root"></div></body></html>';
    assert.equal(
      withIndexLanguage(bare, { locale: "ja", locales: null }),
      '<!doctype html><html lang="ja" class="x"><meta name="gatehouse-locale" content="ja" /><body><div id="root"></div></body></html>',
    );
  });

  it("escapes what it writes, so no value can end the attribute or the tag", () => {
    const page = withIndexLanguage(PAGE, { locale: `x" onload="alert(1)`, locales: ["<script>", "$&"] });
    assert.match(page, /<html lang="x&#34; onload=&#34;alert\(1\)">/);
    assert.match(page, /content="x&#34; onload=&#34;alert\(1\)"/);
    assert.match(page, /content="&#60;script&#62; \$&#38;"/);
    assert.doesNotMatch(page, /<script>/);
  });
});
