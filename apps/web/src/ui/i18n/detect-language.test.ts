import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  detectLanguage,
  languageCookie,
  matchLanguage,
  offeredLanguages,
  readCookie,
} from "./detect-language.ts";

describe("matchLanguage", () => {
  it("finds the same tag, whatever its case or separator", () => {
    assert.equal(matchLanguage("de"), "de");
    assert.equal(matchLanguage("PT-br"), "pt-BR");
    assert.equal(matchLanguage("pt_BR"), "pt-BR");
  });

  it("falls back to the language's variant, whatever the region: pt → pt-BR, de-AT → de", () => {
    assert.equal(matchLanguage("pt"), "pt-BR");
    assert.equal(matchLanguage("pt-PT"), "pt-BR");
    assert.equal(matchLanguage("de-AT"), "de");
    assert.equal(matchLanguage("en-US"), "en");
    assert.equal(matchLanguage("ja-JP"), "ja");
  });

  it("finds nothing for a language the consoles do not speak, a wildcard or nothing", () => {
    assert.equal(matchLanguage("zh-CN"), null);
    assert.equal(matchLanguage("*"), null);
    assert.equal(matchLanguage(" "), null);
    assert.equal(matchLanguage("de", ["en", "fr"]), null, "only among the offered ones");
  });
});

describe("detectLanguage", () => {
  it("takes ?lang=, then the cookie, then the browser's languages, then English", () => {
    const all = { query: "fr", cookie: "ja", preferred: ["de-DE", "en"] };
    assert.equal(detectLanguage(all), "fr");
    assert.equal(detectLanguage({ ...all, query: null }), "ja");
    assert.equal(detectLanguage({ ...all, query: null, cookie: null }), "de");
    assert.equal(detectLanguage({ preferred: [] }), "en");
    assert.equal(detectLanguage({}), "en");
  });

  it("lets the server's choice win over everything", () => {
    assert.equal(detectLanguage({ server: "es", query: "fr", cookie: "ja", preferred: ["de"] }), "es");
  });

  it("passes over a hint that is no language it speaks, down to the next", () => {
    assert.equal(detectLanguage({ query: "xx", cookie: "<script>", preferred: ["zh-TW", "pt"] }), "pt-BR");
  });

  it("keeps to the offered languages, English first when it is one of them", () => {
    assert.equal(detectLanguage({ cookie: "ja", preferred: ["ja"] }, ["en", "de"]), "en");
    assert.equal(detectLanguage({ preferred: ["zh"] }, ["de", "fr"]), "de");
  });
});

describe("offeredLanguages", () => {
  it("keeps the server's list among the built-in languages, else every one", () => {
    assert.deepEqual(offeredLanguages("de en-GB xx"), ["de", "en"]);
    assert.deepEqual(offeredLanguages("pt, ja"), ["pt-BR", "ja"]);
    assert.deepEqual(offeredLanguages(null), ["en", "de", "fr", "es", "ja", "pt-BR"]);
    assert.deepEqual(offeredLanguages("klingon"), ["en", "de", "fr", "es", "ja", "pt-BR"]);
  });
});

describe("the language cookie", () => {
  it("is read from document.cookie by its exact name", () => {
    assert.equal(readCookie("a=1; gatehouse-lang=de; b=2", "gatehouse-lang"), "de");
    assert.equal(readCookie("xgatehouse-lang=fr", "gatehouse-lang"), null);
    assert.equal(readCookie("", "gatehouse-lang"), null);
    assert.equal(readCookie("gatehouse-lang=pt-BR", "gatehouse-lang"), "pt-BR");
  });

  it("is set for the whole site for a year, Lax, and Secure on https", () => {
    assert.equal(
      languageCookie("gatehouse-lang", "ja", { secure: true }),
      "gatehouse-lang=ja; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    );
    assert.equal(
      languageCookie("gatehouse-lang", "pt-BR", { secure: false }),
      "gatehouse-lang=pt-BR; Path=/; Max-Age=31536000; SameSite=Lax",
    );
  });
});
