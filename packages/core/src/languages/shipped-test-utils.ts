import { ENGLISH } from "../i18n/built-in-messages.ts";
import { translatorFor } from "../i18n/language-modules.ts";
import type { BuiltInLocale } from "../i18n/locales.ts";
import type { Messages } from "../i18n/messages/en.ts";
import type { Translator } from "../i18n/translator.ts";
import { de } from "./de.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { languages } from "./index.ts";
import { ja } from "./ja.ts";
import { ptBR } from "./pt-BR.ts";

/** Every language Gatehouse ships, as core and its language modules give it (tests check them all). */
export const SHIPPED_MESSAGES: Readonly<Record<BuiltInLocale, Messages>> = {
  en: ENGLISH,
  ...de.messages,
  ...fr.messages,
  ...es.messages,
  ...ja.messages,
  ...ptBR.messages,
};

/** A shipped language's translator, its module listed as an app would. */
export function shippedTranslator(locale: BuiltInLocale): Translator {
  return translatorFor(locale, languages);
}
