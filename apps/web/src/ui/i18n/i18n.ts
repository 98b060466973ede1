import i18next, { type i18n as I18n } from "i18next";
import type accountEn from "./account/en.ts";
import type adminEn from "./admin/en.ts";
import { type LanguageBundle, type MessageTree, NAMESPACES, type Namespace } from "./catalogue.ts";
import type commonEn from "./common/en.ts";
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from "./languages.ts";
import { ENGLISH_BUNDLE, loadLanguageBundle } from "./load-language-bundle.ts";

/**
 * Messages an app adds or overrides, by language and namespace; nested like the built-in ones, any
 * subset of keys. A counted key gives the plural forms of its language (`_one`, `_other`, …).
 * @example { de: { common: { home: { heading: "Willkommen bei Acme" } } } }
 */
export type MessageOverrides = Partial<Record<Language, Partial<Record<Namespace, MessageTree>>>>;

/**
 * A new i18next instance for the consoles, speaking English at once (the fallback, in the main chunk);
 * `switchLanguage` fetches another language and speaks it. `messages` are laid in now, for every
 * language, and stay over the built-in ones as those arrive. React escapes what is interpolated.
 * @example const i18n = createI18n(); await switchLanguage(i18n, "de"); i18n.t("site.home") // "Startseite"
 */
export function createI18n({ messages = {} }: { messages?: MessageOverrides } = {}): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    // A copy: i18next keeps the object it is given, and the overrides below are merged into it.
    resources: { [FALLBACK_LANGUAGE]: structuredClone(ENGLISH_BUNDLE) },
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: "common",
    returnNull: false,
    // React escapes every string it renders; escaping here too would show `&amp;` in a name.
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  for (const [lng, namespaces] of Object.entries(messages)) {
    for (const [ns, tree] of Object.entries(namespaces ?? {})) {
      if (tree) instance.addResourceBundle(lng, ns, tree, true, true);
    }
  }
  return instance;
}

/** How `switchLanguage` gets a language's messages, and when to give up on a switch. */
export interface SwitchOptions {
  /** Default: the language's chunk of the build (`loadLanguageBundle`). */
  load?: (language: Language) => Promise<LanguageBundle>;
  /** Aborted (by a newer choice, say): the messages are kept, the language is not changed. */
  signal?: AbortSignal;
}

/**
 * Fetches `language`'s messages and then speaks it: the page changes once, with every word there.
 * Rejects when they cannot be fetched, or the signal was aborted meanwhile; the instance then still
 * speaks the language it spoke (a failed switch leaves nothing half-changed).
 * @example await switchLanguage(i18n, "ja")
 */
export async function switchLanguage(
  i18n: I18n,
  language: Language,
  { load = loadLanguageBundle, signal }: SwitchOptions = {},
): Promise<void> {
  const bundle = await load(language);
  for (const ns of NAMESPACES) {
    // Not overwriting: an app's own messages (createI18n) stay over the built-in ones.
    i18n.addResourceBundle(language, ns, bundle[ns], true, false);
  }
  signal?.throwIfAborted();
  await i18n.changeLanguage(language);
}

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: {
      common: typeof commonEn;
      account: typeof accountEn;
      admin: typeof adminEn;
    };
  }
}
