import type { Language } from "./languages.ts";

/** A namespace's messages: nested keys, every leaf a string (i18next's JSON v4 shape). */
export interface MessageTree {
  readonly [key: string]: string | MessageTree;
}

/** The namespaces: the shared words, the account console's, the admin console's. */
export const NAMESPACES = ["common", "account", "admin"] as const;

export type Namespace = (typeof NAMESPACES)[number];

/** One language's built-in messages, every namespace: what one chunk of the build holds (bundles/). */
export type LanguageBundle = Readonly<Record<Namespace, MessageTree>>;

/** CLDR's plural categories: i18next suffixes a counted key with the one `Intl.PluralRules` picks. */
export type PluralCategory = "zero" | "one" | "two" | "few" | "many" | "other";

/**
 * The plural categories each language's messages give: CLDR's, as `Intl.PluralRules(language)` lists
 * them (catalogue.test.ts checks this table against the runtime's Intl). French, Spanish and Portuguese
 * have `many` for a million and up; Japanese has one form.
 */
export const PLURAL_FORMS = {
  en: ["one", "other"],
  de: ["one", "other"],
  fr: ["one", "many", "other"],
  es: ["one", "many", "other"],
  ja: ["other"],
  "pt-BR": ["one", "many", "other"],
} as const satisfies Record<Language, readonly PluralCategory[]>;

type PluralForms = { [L in Language]: (typeof PLURAL_FORMS)[L][number] };

type Counted = `${string}_${PluralCategory}`;

type Tree<T, C extends PluralCategory> = {
  readonly [K in keyof T as K extends Counted ? never : K]: T[K] extends string ? string : Tree<T[K], C>;
} & {
  readonly [K in keyof T as K extends `${infer Base}_${PluralCategory}` ? `${Base}_${C}` : never]: string;
};

/**
 * What one language gives for a namespace whose English messages are `T`: the same keys, any words,
 * and a counted key in the plural forms of that language (`x_one`/`x_other` in English, only
 * `x_other` in Japanese). tsc reports a missing or extra key.
 * @example const de: Messages<typeof en, "de"> = { … }
 */
export type Messages<T, L extends Language> = Tree<T, PluralForms[L]>;
