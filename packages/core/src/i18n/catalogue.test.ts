/**
 * The message catalogues: every built-in language gives exactly English's keys with English's
 * placeholders (tsc checks the keys too; this also catches a JavaScript edit and a wrong
 * placeholder), and the app's `i18n.messages` are checked at start-up.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { resolveConfig } from "../config/resolve-config.ts";
import { resolveI18n } from "../config/resolve-i18n.ts";
import { ConfigError } from "../errors/config-error.ts";
import { BUILT_IN_MESSAGES, MESSAGE_KEYS } from "./built-in-messages.ts";
import { BUILT_IN_LOCALES } from "./locales.ts";
import { en } from "./messages/en.ts";
import { placeholdersOf } from "./placeholders.ts";
import { TRANSLATED_ERROR_CODES } from "./translated-errors.ts";

const SECRET = "a-test-secret-that-is-long-enough-1234";

test("every built-in language has exactly English's keys, each with English's placeholders", () => {
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
  const i18n = resolveI18n({ messages: { de: { "signin.title": "Anmelden bei Acme" } } });
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
  const i18n = resolveI18n({ messages: { fr: { "signin.withProvider": "Connexion" } } });
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
  const i18n = resolveI18n({ messages: { nl } });
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
    assert.throws(() => resolveI18n(options), ConfigError, JSON.stringify(options));
  }
});

test("defaults: every built-in language offered, English the default, nothing forced", () => {
  const i18n = resolveI18n(undefined);
  assert.deepEqual(i18n.locales, [...BUILT_IN_LOCALES]);
  assert.equal(i18n.defaultLocale, "en");
  assert.equal(i18n.locale, null);
  assert.equal(i18n.detectLocale, null);
  // A bare language finds its regional variant; tags are canonical.
  assert.equal(resolveI18n({ defaultLocale: "pt" }).defaultLocale, "pt-BR");
  assert.deepEqual(resolveI18n({ locales: ["EN", "pt-br"] }).locales, ["en", "pt-BR"]);
  // Without English offered, the first offered language is the default.
  assert.equal(resolveI18n({ locales: ["ja", "de"] }).defaultLocale, "ja");
});
