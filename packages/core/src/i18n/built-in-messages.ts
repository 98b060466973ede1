import type { BuiltInLocale } from "./locales.ts";
import { de } from "./messages/de.ts";
import { en, type Messages } from "./messages/en.ts";
import { es } from "./messages/es.ts";
import { fr } from "./messages/fr.ts";
import { ja } from "./messages/ja.ts";
import { ptBR } from "./messages/pt-BR.ts";
import { createTranslator, type Translator } from "./translator.ts";

/** The messages Gatehouse ships, by language. */
export const BUILT_IN_MESSAGES: Readonly<Record<BuiltInLocale, Messages>> = {
  en,
  de,
  fr,
  es,
  ja,
  "pt-BR": ptBR,
};

/** Every message key, in English's order. */
export const MESSAGE_KEYS = Object.keys(en) as readonly (keyof Messages)[];

/** A built-in language's translator with its messages as shipped (tests, and apps that render outside a request). */
export function builtInTranslator(locale: BuiltInLocale): Translator {
  return createTranslator(locale, BUILT_IN_MESSAGES[locale]);
}
