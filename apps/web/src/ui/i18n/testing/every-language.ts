import type { i18n as I18n } from "i18next";
import { createI18n, switchLanguage } from "../i18n.ts";
import { LANGUAGES } from "../languages.ts";

/**
 * For tests: an instance holding every language's messages, so that `getFixedT(language, ns)` speaks
 * any of them; it speaks English itself.
 * @example const ja = (await withEveryLanguage()).getFixedT("ja", "common")
 */
export async function withEveryLanguage(): Promise<I18n> {
  const i18n = createI18n();
  for (const language of LANGUAGES) await switchLanguage(i18n, language);
  await i18n.changeLanguage("en");
  return i18n;
}
