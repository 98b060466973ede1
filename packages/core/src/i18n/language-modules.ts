import { isRecord } from "../lib/is-record.ts";
import type { GatehouseModule } from "../modules/module.ts";
import { ENGLISH, MESSAGE_KEYS } from "./built-in-messages.ts";
import { canonicalLocale, matchLocale } from "./locales.ts";
import type { MessageKey, Messages } from "./messages/en.ts";
import { createTranslator, type Translator } from "./translator.ts";

const CORE_KEYS: ReadonlySet<string> = new Set(MESSAGE_KEYS);

/** The languages read from each list of modules, kept while the list lives. */
const read = new WeakMap<readonly GatehouseModule[], Map<string, Partial<Record<MessageKey, string>>>>();

/**
 * Core's messages that `modules` give, by canonical language tag, in the modules' order: the
 * languages their language modules add. A module's own keys (`<id>.…`) do not make a language. Read
 * leniently, for work outside a request (`negotiateLocale`, `composePasswordMail`): `gatehouse()`
 * checks the same modules at start-up.
 */
export function languagesOf(
  modules: readonly GatehouseModule[] | undefined,
): ReadonlyMap<string, Partial<Record<MessageKey, string>>> {
  if (!Array.isArray(modules)) return new Map();
  // Asked per request by a server's own negotiation (`negotiateLocale`), with the same list each time.
  const known = read.get(modules);
  if (known) return known;
  const languages = new Map<string, Partial<Record<MessageKey, string>>>();
  read.set(modules, languages);
  for (const module of modules) {
    const messages: unknown = isRecord(module) ? module.messages : undefined;
    if (!isRecord(messages)) continue;
    for (const [tag, given] of Object.entries(messages)) {
      const language = canonicalLocale(tag);
      if (language === null || !isRecord(given)) continue;
      const core = Object.entries(given).filter(
        (entry): entry is [MessageKey, string] => CORE_KEYS.has(entry[0]) && typeof entry[1] === "string",
      );
      if (core.length === 0) continue;
      languages.set(language, { ...languages.get(language), ...Object.fromEntries(core) });
    }
  }
  return languages;
}

/**
 * A translator outside a request: the language of `modules` that `locale` asks for (`pt` finds
 * `pt-BR`), else English, with the messages as the modules ship them.
 *
 * @example translatorFor("de", [de]).t("signin.title") // "Anmelden"
 */
export function translatorFor(locale: string, modules?: readonly GatehouseModule[]): Translator {
  const languages = languagesOf(modules);
  const chosen = matchLocale(locale, ["en", ...languages.keys()]) ?? "en";
  const messages: Messages = { ...ENGLISH, ...languages.get(chosen) };
  return createTranslator(chosen, messages);
}
