/**
 * The message catalogues: every shipped language (English in core, the others as language modules)
 * gives exactly English's keys with English's placeholders (tsc checks the keys too; this also
 * catches a JavaScript edit and a wrong placeholder), and the app's `i18n.messages` are checked at
 * start-up.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { resolveConfig } from "../config/resolve-config.ts";
import { resolveI18n } from "../config/resolve-i18n.ts";
import { ConfigError } from "../errors/config-error.ts";
import { languages } from "../languages/index.ts";
import { SHIPPED_MESSAGES as BUILT_IN_MESSAGES } from "../languages/shipped-test-utils.ts";
import { composeModules } from "../modules/compose-modules.ts";
import { MESSAGE_KEYS } from "./built-in-messages.ts";
import { BUILT_IN_LOCALES } from "./locales.ts";
import { en } from "./messages/en.ts";
import { placeholdersOf } from "./placeholders.ts";
import { TRANSLATED_ERROR_CODES } from "./translated-errors.ts";

const SECRET = "a-test-secret-that-is-long-enough-1234";
/** Core's messages of the five language modules, as gatehouse() hands them to resolveI18n. */
const shipped = composeModules([...languages]).coreMessages;

test("every shipped language has exactly English's keys, each with English's placeholders", () => {
  for (const locale of BUILT_IN_LOCALES) {
    const messages = BUILT_IN_MESSAGES[locale];
    const keys = Object.keys(messages);
    const missing = MESSAGE_KEYS.filter((key) => !Object.hasOwn(messages, key));
    const extra = keys.filter((key) => !Object.hasOwn(en, key));
    assert.deepEqual(missing, [], `${locale} misses keys`);
    assert.deepEqual(extra, [], `${locale} has keys English does not`);
    for (const key of MESSAGE_KEYS) {
      const value = messages[key];
      assert.equal(typeof value, "string", `${locale} ${key}`);
      assert.notEqual(value.trim(), "", `${locale} ${key} is empty`);
      assert.deepEqual(placeholdersOf(value), placeholdersOf(en[key]), `${locale} ${key}: placeholders`);
    }
  }
});

test("a translation is a translation: no built-in language repeats English in its sentences", () => {
  // Short labels may coincide ("Code", "Passkey", "Browser: {browser}"); a sentence never should.
  for (const locale of BUILT_IN_LOCALES.filter((l) => l !== "en")) {
    const copied = MESSAGE_KEYS.filter((key) => {
      const text = en[key];
      return text.split(" ").length > 4 && BUILT_IN_MESSAGES[locale][key] === text;
    });
    assert.deepEqual(copied, [], `${locale} leaves English sentences untranslated`);
  }
});

test("the error page and sign-in codes, and the request codes pages show, are all in the catalogue", () => {
  for (const code of ["OAuthSignin", "AccessDenied", "Default", "RateLimited", "TwoFactorCodeInvalid"]) {
    assert.ok((TRANSLATED_ERROR_CODES as readonly string[]).includes(code), code);
    assert.ok(Object.hasOwn(en, `error.${code}.title`) && Object.hasOwn(en, `error.${code}.message`), code);
  }
  // JSON-only codes stay English (the consoles translate codes themselves).
  assert.ok(!Object.hasOwn(en, "error.InvalidBody.message"));
});

test("an app's messages: an override for a built-in language may be partial, and replaces that one message", () => {
  const i18n = resolveI18n({ messages: { de: { "signin.title": "Anmelden bei Acme" } } }, shipped);
  const de = i18n.translators.get("de");
  assert.equal(de?.t("signin.title"), "Anmelden bei Acme");
  assert.equal(de?.t("signout.title"), BUILT_IN_MESSAGES.de["signout.title"], "the rest stays built in");
  assert.equal(i18n.translators.get("en")?.t("signin.title"), "Sign in", "other languages untouched");
});

test("an app's messages: an unknown key is refused at start-up, naming it", () => {
  assert.throws(
    () =>
      resolveConfig({ secret: SECRET, providers: [], i18n: { messages: { de: { "signin.titel": "x" } } } }),
    (error: unknown) => error instanceof ConfigError && /unknown keys: signin\.titel/.test(error.message),
  );
});

test("an app's messages: a placeholder English's message does not have is refused", () => {
  assert.throws(
    () => resolveI18n({ messages: { fr: { "signin.title": "Connexion à {site}" } } }),
    (error: unknown) => error instanceof ConfigError && /\{site\}/.test(error.message),
  );
  // Leaving one out is the app's choice.
  const i18n = resolveI18n({ messages: { fr: { "signin.withProvider": "Connexion" } } }, shipped);
  assert.equal(i18n.translators.get("fr")?.t("signin.withProvider", { provider: "GitHub" }), "Connexion");
});

test("an app's messages: a language Gatehouse does not ship must give every key; the error lists the missing ones", () => {
  const partial = { "signin.title": "Inloggen", "signout.title": "Uitloggen" };
  assert.throws(
    () => resolveI18n({ messages: { nl: partial } }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.message.includes(`${MESSAGE_KEYS.length - 2} missing`) &&
      error.message.includes("signup.title") &&
      error.message.includes("error.AccessDenied.message") &&
      !error.message.includes("signin.title,"),
  );
  // pt-PT is not pt-BR: an app that adds it gives it all.
  assert.throws(
    () => resolveI18n({ messages: { "pt-PT": { "signin.title": "Iniciar sessão" } } }),
    ConfigError,
  );
});

test("an app's messages: a complete new language is offered and used", () => {
  const nl = Object.fromEntries(MESSAGE_KEYS.map((key) => [key, `nl: ${en[key]}`]));
  nl["signin.title"] = "Inloggen";
  const i18n = resolveI18n({ messages: { nl } }, shipped);
  assert.deepEqual(i18n.locales, [...BUILT_IN_LOCALES, "nl"]);
  assert.equal(i18n.translators.get("nl")?.t("signin.title"), "Inloggen");
});

test("i18n options are checked at start-up", () => {
  const bad: unknown[] = [
    { locales: [] },
    { locales: ["en", "not a tag"] },
    { locales: ["en", "nl"] }, // no messages for nl
    { locales: ["en", "de"], defaultLocale: "fr" },
    { locale: "xx" },
    { detectLocale: "de" },
    { messages: { "en_US!": {} } },
    { messages: { de: { "signin.title": 42 } } },
    { messages: { de: "Anmelden" } },
  ];
  for (const options of bad) {
    assert.throws(() => resolveI18n(options, shipped), ConfigError, JSON.stringify(options));
  }
});

test("with the five language modules: every shipped language offered, English the default, nothing forced", () => {
  const i18n = resolveI18n(undefined, shipped);
  assert.deepEqual(i18n.locales, [...BUILT_IN_LOCALES]);
  assert.equal(i18n.defaultLocale, "en");
  assert.equal(i18n.locale, null);
  assert.equal(i18n.detectLocale, null);
  // A bare language finds its regional variant; tags are canonical.
  assert.equal(resolveI18n({ defaultLocale: "pt" }, shipped).defaultLocale, "pt-BR");
  assert.deepEqual(resolveI18n({ locales: ["EN", "pt-br"] }, shipped).locales, ["en", "pt-BR"]);
  // Without English offered, the first offered language is the default.
  assert.equal(resolveI18n({ locales: ["ja", "de"] }, shipped).defaultLocale, "ja");
});

test("defaults without language modules: English alone is offered (core carries no other language)", () => {
  const i18n = resolveI18n(undefined);
  assert.deepEqual(i18n.locales, ["en"]);
  assert.deepEqual([...i18n.translators.keys()], ["en"]);
  assert.equal(i18n.defaultLocale, "en");
  // One module adds its language, after English.
  const german = composeModules([languages[0]]).coreMessages;
  assert.deepEqual(resolveI18n(undefined, german).locales, ["en", "de"]);
  assert.equal(resolveI18n(undefined, german).translators.get("de")?.t("signin.title"), "Anmelden");
});

test("a shipped language named without its module: a ConfigError that says which module to add", () => {
  const refused = (options: unknown, message: string) =>
    assert.throws(
      () => resolveI18n(options),
      (error: unknown) => error instanceof ConfigError && error.message === message,
      JSON.stringify(options),
    );
  refused(
    { locales: ["en", "de"] },
    'Gatehouse: i18n.locales includes "de": add the German language module (modules: [de] from "@gatehouse/core/languages/de").',
  );
  refused(
    { defaultLocale: "ja" },
    'Gatehouse: i18n.defaultLocale is "ja": add the Japanese language module (modules: [ja] from "@gatehouse/core/languages/ja").',
  );
  refused(
    { locale: "pt" },
    'Gatehouse: i18n.locale is "pt": add the Brazilian Portuguese language module (modules: [ptBR] from "@gatehouse/core/languages/pt-BR").',
  );
  assert.throws(
    () => resolveI18n({ messages: { fr: { "signin.title": "Connexion à Acme" } } }),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.message.includes(
        'add the French language module (modules: [fr] from "@gatehouse/core/languages/fr"), or give every message',
      ),
  );
  // Narrowed by i18n.locales, a language left out is the app's choice: the usual message.
  assert.throws(
    () => resolveI18n({ locales: ["en"], defaultLocale: "de" }),
    (error: unknown) =>
      error instanceof ConfigError && /not one of the offered languages \(en\)/.test(error.message),
  );
  // A language Gatehouse does not ship keeps its own advice.
  assert.throws(
    () => resolveI18n({ locales: ["en", "nl"] }),
    (error: unknown) =>
      error instanceof ConfigError && /i18n\.messages\["nl"\] with every key/.test(error.message),
  );
});
