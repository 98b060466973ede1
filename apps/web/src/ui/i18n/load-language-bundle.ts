import english from "./bundles/en.ts";
import type { LanguageBundle } from "./catalogue.ts";
import type { Language } from "./languages.ts";

/**
 * Every other language is a chunk of the build of its own, fetched only by a page that speaks it.
 * Literal `import()`s, one per language, so that the bundler makes exactly those chunks; a language
 * added to the built-in locales without a line here fails tsc.
 */
const CHUNKS: Readonly<Record<Exclude<Language, "en">, () => Promise<{ default: LanguageBundle }>>> = {
  de: () => import("./bundles/de.ts"),
  fr: () => import("./bundles/fr.ts"),
  es: () => import("./bundles/es.ts"),
  ja: () => import("./bundles/ja.ts"),
  "pt-BR": () => import("./bundles/pt-BR.ts"),
};

/**
 * English's messages, at once: they are in the main chunk anyway — the code reads English's keys to
 * know which error codes and audit kinds have words — and, as i18next's fallback, they must be there
 * before any other language.
 */
export const ENGLISH_BUNDLE: LanguageBundle = english;

/**
 * A language's built-in messages, every namespace; English's at once, another's from its chunk. Rejects
 * when the chunk cannot be fetched (offline, a deploy that removed it).
 * @example const { common } = await loadLanguageBundle("de")
 */
export async function loadLanguageBundle(language: Language): Promise<LanguageBundle> {
  if (language === "en") return ENGLISH_BUNDLE;
  return (await CHUNKS[language]()).default;
}
