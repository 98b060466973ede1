import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { LanguageBundle } from "./catalogue.ts";
import { createI18n, switchLanguage } from "./i18n.ts";
import type { Language } from "./languages.ts";
import { loadLanguageBundle } from "./load-language-bundle.ts";

/** A loader that records what it was asked for, and fails for the languages in `failing`. */
function loader(failing: readonly Language[] = []) {
  const asked: Language[] = [];
  const load = async (language: Language): Promise<LanguageBundle> => {
    asked.push(language);
    if (failing.includes(language)) throw new TypeError("Failed to fetch dynamically imported module");
    return loadLanguageBundle(language);
  };
  return { asked, load };
}

describe("createI18n and switchLanguage", () => {
  it("speaks English at once, fetching nothing", () => {
    const i18n = createI18n();
    assert.equal(i18n.language, "en");
    assert.equal(i18n.t("site.home"), "Home");
    assert.equal(i18n.t("nav.sessions", { ns: "account" }), "Sessions and devices");
  });

  it("fetches a language's messages, then speaks it", async () => {
    const i18n = createI18n();
    const { asked, load } = loader();
    await switchLanguage(i18n, "pt-BR", { load });
    assert.deepEqual(asked, ["pt-BR"]);
    assert.equal(i18n.language, "pt-BR");
    assert.equal(i18n.t("site.home"), "Início");
    assert.equal(i18n.t("nav.sessions", { ns: "account" }), "Sessões e dispositivos");
    assert.equal(i18n.t("nav.entry", { ns: "admin" }), "Administração");
  });

  it("keeps speaking its language when the messages cannot be fetched", async () => {
    const i18n = createI18n();
    const { load } = loader(["fr"]);
    await switchLanguage(i18n, "de", { load });
    await assert.rejects(switchLanguage(i18n, "fr", { load }), /Failed to fetch/);
    assert.equal(i18n.language, "de");
    assert.equal(i18n.t("site.home"), "Startseite");
    assert.equal(i18n.hasResourceBundle("fr", "common"), false);
  });

  it("does not change language once its switch is aborted (a newer choice won)", async () => {
    const i18n = createI18n();
    const older = new AbortController();
    const slow = switchLanguage(i18n, "ja", { signal: older.signal });
    older.abort();
    await switchLanguage(i18n, "es");
    await assert.rejects(slow, { name: "AbortError" });
    assert.equal(i18n.language, "es");
  });

  it("leaves escaping to React: a name is interpolated as it is", () => {
    const i18n = createI18n();
    assert.equal(i18n.t("linked.link", { ns: "account", name: "Tom & Jerry <3" }), "Link Tom & Jerry <3");
  });

  it("lays an app's messages over the built-in ones, also of a language fetched later", async () => {
    const custom = createI18n({
      messages: {
        en: { common: { home: { heading: "Welcome to Acme" } } },
        de: { common: { home: { heading: "Willkommen bei Acme" } } },
      },
    });
    assert.equal(custom.t("home.heading"), "Welcome to Acme");
    await switchLanguage(custom, "de");
    assert.equal(custom.t("home.heading"), "Willkommen bei Acme");
    assert.equal(custom.t("home.sessionHeading"), "Ihre Sitzung", "the other keys stay");
    await switchLanguage(custom, "de");
    assert.equal(custom.t("home.heading"), "Willkommen bei Acme", "fetched again, still the app's");

    const plain = createI18n();
    await switchLanguage(plain, "de");
    assert.equal(plain.t("home.heading"), "Willkommen bei Gatehouse", "another instance is untouched");
  });
});
