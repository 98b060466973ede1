import { ConfigError } from "../errors/config-error.ts";
import { ENGLISH, MESSAGE_KEYS } from "../i18n/built-in-messages.ts";
import { BUILT_IN_LOCALES, type BuiltInLocale, lowerTag } from "../i18n/locales.ts";
import type { MessageKey, Messages } from "../i18n/messages/en.ts";
import { canonicalLocale, defaultLocales, type LocaleChoice, matchLocale } from "../i18n/negotiate-locale.ts";
import { placeholdersOf } from "../i18n/placeholders.ts";
import { createTranslator, type Translator } from "../i18n/translator.ts";
import type { I18nOptions } from "./options.ts";

/** The languages after validation: what negotiation reads, and one translator per offered language. */
export interface I18nSettings extends LocaleChoice {
  /** Every offered language's translator (its messages with the app's overrides), by tag. */
  readonly translators: ReadonlyMap<string, Translator>;
}

const KNOWN_KEYS: ReadonlySet<string> = new Set(MESSAGE_KEYS);
const isEnglish = (tag: string): boolean => lowerTag(tag) === "en";

/** The languages Gatehouse ships as language modules: their English names and their exports. */
const LANGUAGE_MODULES: Readonly<Record<Exclude<BuiltInLocale, "en">, { name: string; binding: string }>> = {
  de: { name: "German", binding: "de" },
  fr: { name: "French", binding: "fr" },
  es: { name: "Spanish", binding: "es" },
  ja: { name: "Japanese", binding: "ja" },
  "pt-BR": { name: "Brazilian Portuguese", binding: "ptBR" },
};

/**
 * What to add for a language Gatehouse ships as a module, or null for any other: the tag itself
 * (`exact`, for an offered language, which needs messages under its own tag) or any tag it answers
 * (`pt` for pt-BR, for the default or forced language, which matches an offered one).
 */
function languageModuleHint(tag: unknown, exact: boolean): string | null {
  const shipped = exact
    ? BUILT_IN_LOCALES.find((locale) => typeof tag === "string" && lowerTag(locale) === lowerTag(tag))
    : matchLocale(tag, BUILT_IN_LOCALES);
  if (!shipped || shipped === "en") return null;
  const { name, binding } = LANGUAGE_MODULES[shipped as Exclude<BuiltInLocale, "en">];
  return `add the ${name} language module (modules: [${binding}] from "@gatehouse/core/languages/${shipped}")`;
}

/** A list for an error message, short enough to read: the first few, then how many more. */
function listed(items: readonly string[]): string {
  const shown = items.slice(0, 12).join(", ");
  return items.length > 12 ? `${shown} and ${items.length - 12} more` : shown;
}

/**
 * One language's messages from `i18n.messages`, checked: every key known, every value a string using
 * only English's placeholders, and — for a language Gatehouse does not ship — every key given.
 */
function checkMessages(tag: string, given: unknown): Partial<Record<MessageKey, string>> {
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    throw new ConfigError(`Gatehouse: i18n.messages["${tag}"] must be an object of messages by key.`);
  }
  const entries = Object.entries(given);
  const unknown = entries.map(([key]) => key).filter((key) => !KNOWN_KEYS.has(key));
  if (unknown.length > 0) {
    throw new ConfigError(
      `Gatehouse: i18n.messages["${tag}"] has unknown keys: ${listed(unknown)}. The keys are those of packages/core/src/i18n/messages/en.ts (docs/languages.md).`,
    );
  }
  const english = ENGLISH;
  for (const [key, value] of entries) {
    if (typeof value !== "string") {
      throw new ConfigError(`Gatehouse: i18n.messages["${tag}"]["${key}"] must be a string.`);
    }
    const allowed = placeholdersOf(english[key as MessageKey]);
    const extra = placeholdersOf(value).filter((name) => !allowed.includes(name));
    if (extra.length > 0) {
      const known =
        allowed.length > 0 ? `it has ${allowed.map((name) => `{${name}}`).join(", ")}` : "it has none";
      throw new ConfigError(
        `Gatehouse: i18n.messages["${tag}"]["${key}"] uses ${extra.map((name) => `{${name}}`).join(", ")}, which the message does not have (${known}).`,
      );
    }
  }
  if (!isEnglish(tag)) {
    const missing = MESSAGE_KEYS.filter((key) => !Object.hasOwn(given, key));
    const hint = languageModuleHint(tag, true);
    if (missing.length > 0 && hint) {
      // An override of a shipped language whose module the app did not list: core carries English only.
      throw new ConfigError(
        `Gatehouse: i18n.messages["${tag}"] changes ${entries.length} messages of a language core does not carry: ${hint}, or give every message (${missing.length} missing).`,
      );
    }
    if (missing.length > 0) {
      throw new ConfigError(
        `Gatehouse: i18n.messages["${tag}"] adds a language, so it must give every message; ${missing.length} missing: ${missing.join(", ")}.`,
      );
    }
  }
  return given as Partial<Record<MessageKey, string>>;
}

/** Each language of `i18n.messages` by canonical tag, with its checked messages. */
function overridesOf(messages: unknown): Map<string, Partial<Record<MessageKey, string>>> {
  const overrides = new Map<string, Partial<Record<MessageKey, string>>>();
  if (messages === undefined) return overrides;
  if (typeof messages !== "object" || messages === null || Array.isArray(messages)) {
    throw new ConfigError(
      'Gatehouse: i18n.messages must be an object by language, e.g. { de: { "signin.title": "…" } }.',
    );
  }
  for (const [tag, given] of Object.entries(messages)) {
    const canonical = canonicalLocale(tag);
    if (!canonical) {
      throw new ConfigError(
        `Gatehouse: i18n.messages: "${tag}" is not a language tag (BCP 47, e.g. "de" or "pt-BR").`,
      );
    }
    const language = isEnglish(canonical) ? "en" : canonical;
    if (overrides.has(language)) {
      throw new ConfigError(`Gatehouse: i18n.messages names the language "${language}" twice.`);
    }
    overrides.set(language, checkMessages(tag, given));
  }
  return overrides;
}

/**
 * The app's `i18n.messages` over the messages of core's keys that modules give (a language module's
 * whole language): the app's word wins, key by key. Checked as one, so a language a module adds must
 * still give every key.
 */
function withModuleMessages(
  app: unknown,
  fromModules: Readonly<Record<string, Readonly<Record<string, string>>>>,
): unknown {
  const languages = Object.keys(fromModules);
  if (
    languages.length === 0 ||
    (app !== undefined && (typeof app !== "object" || app === null || Array.isArray(app)))
  ) {
    return app;
  }
  const merged: Record<string, unknown> = { ...fromModules };
  for (const [tag, given] of Object.entries((app ?? {}) as Record<string, unknown>)) {
    const language = canonicalLocale(tag) ?? tag;
    const key = languages.find((name) => lowerTag(name) === lowerTag(language)) ?? tag;
    const base = fromModules[key];
    merged[key] = base && typeof given === "object" && given !== null ? { ...base, ...given } : given;
  }
  return merged;
}

function offeredLocales(given: unknown, messages: I18nOptions["messages"]): string[] {
  if (given === undefined) return defaultLocales(messages);
  if (!Array.isArray(given) || given.length === 0) {
    throw new ConfigError(
      'Gatehouse: i18n.locales must be a non-empty list of language tags, e.g. ["en", "de"].',
    );
  }
  const offered: string[] = [];
  for (const tag of given) {
    const canonical = canonicalLocale(tag);
    if (!canonical) {
      throw new ConfigError(
        `Gatehouse: i18n.locales: ${JSON.stringify(tag)} is not a language tag (BCP 47, e.g. "de").`,
      );
    }
    const language = isEnglish(canonical) ? "en" : canonical;
    if (!offered.includes(language)) offered.push(language);
  }
  return offered;
}

/**
 * `defaultLocale` or `locale`: an offered language (a bare `pt` finds `pt-BR`). When the app offers
 * the default set (`narrowed` false) and names a language Gatehouse ships, the error says which
 * language module to add.
 */
function offeredOne(
  name: "defaultLocale" | "locale",
  tag: unknown,
  locales: readonly string[],
  narrowed: boolean,
): string {
  const match = matchLocale(tag, locales);
  const hint = narrowed ? null : languageModuleHint(tag, false);
  if (!match && hint) {
    throw new ConfigError(`Gatehouse: i18n.${name} is ${JSON.stringify(tag)}: ${hint}.`);
  }
  if (!match) {
    throw new ConfigError(
      `Gatehouse: i18n.${name} ${JSON.stringify(tag)} is not one of the offered languages (${locales.join(", ")}).`,
    );
  }
  return match;
}

/**
 * Validates `i18n` once, at start-up: the offered languages (each with a full set of messages), the
 * default and forced ones among them, and the app's messages (known keys, English's placeholders,
 * every key for a language core does not carry). Core carries English; every other language comes
 * from a language module (`fromModules`, its messages of core's keys) or from `i18n.messages`.
 * Builds each language's translator.
 */
export function resolveI18n(
  options: unknown,
  fromModules: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
): I18nSettings {
  const given = (options ?? {}) as I18nOptions;
  if (typeof given !== "object" || given === null) {
    throw new ConfigError('Gatehouse: i18n must be an object, e.g. { defaultLocale: "de" }.');
  }
  const messages = withModuleMessages(given.messages, fromModules);
  const overrides = overridesOf(messages);
  const locales = offeredLocales(given.locales, messages as I18nOptions["messages"]);
  const narrowed = given.locales !== undefined;
  const translators = new Map<string, Translator>();
  for (const locale of locales) {
    const own = overrides.get(locale);
    if (!isEnglish(locale) && !own) {
      const hint = languageModuleHint(locale, true);
      throw new ConfigError(
        hint
          ? `Gatehouse: i18n.locales includes "${locale}": ${hint}.`
          : `Gatehouse: i18n.locales offers "${locale}", which Gatehouse has no messages for: add i18n.messages["${locale}"] with every key, or a language module for it (docs/languages.md).`,
      );
    }
    const messages: Messages = { ...ENGLISH, ...own };
    translators.set(locale, createTranslator(locale, messages));
  }
  const englishOffered = matchLocale("en", locales);
  const defaultLocale =
    given.defaultLocale === undefined
      ? (englishOffered ?? locales[0] ?? "en")
      : offeredOne("defaultLocale", given.defaultLocale, locales, narrowed);
  const locale = given.locale === undefined ? null : offeredOne("locale", given.locale, locales, narrowed);
  if (given.detectLocale !== undefined && typeof given.detectLocale !== "function") {
    throw new ConfigError("Gatehouse: i18n.detectLocale must be a function (request) => language tag.");
  }
  return { locales, defaultLocale, locale, detectLocale: given.detectLocale ?? null, translators };
}
