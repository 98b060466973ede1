import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  type MessageTree,
  NAMESPACES,
  type Namespace,
  PLURAL_FORMS,
  type PluralCategory,
} from "./catalogue.ts";
import { LANGUAGES, type Language } from "./languages.ts";
import { loadLanguageBundle } from "./load-language-bundle.ts";

const CATEGORIES: readonly PluralCategory[] = ["zero", "one", "two", "few", "many", "other"];
const COUNTED = new RegExp(`^(.+)_(${CATEGORIES.join("|")})$`);

/** Every message of a tree by its dotted key (`site.home`); a key whose value is not a string is kept too. */
function flatten(tree: MessageTree, prefix = ""): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "object" && value !== null) {
      for (const [inner, leaf] of flatten(value, `${prefix}${key}.`)) flat.set(inner, leaf);
    } else flat.set(`${prefix}${key}`, value);
  }
  return flat;
}

/** The `{{placeholders}}` (with their format) and `<tags>` of a message, which every language keeps. */
function markers(message: string): string[] {
  const placeholders = [...message.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((match) => `{{${match[1]}}}`);
  const tags = [...message.matchAll(/<\/?([a-zA-Z][\w-]*)\s*\/?>/g)].map((match) => `<${match[1]}>`);
  return [...new Set([...placeholders, ...tags])].sort();
}

/**
 * What is wrong with `language`'s messages of a namespace against English's: a missing or extra key
 * (a counted key in exactly the plural forms `Intl.PluralRules(language)` has), an empty or non-string
 * message, other placeholders or tags than English's. Empty when all is well.
 */
function problems(english: MessageTree, messages: MessageTree, language: string): string[] {
  const found: string[] = [];
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const reference = flatten(english);
  const expected = new Map<string, string>();
  for (const [key, value] of reference) {
    const counted = COUNTED.exec(key);
    if (!counted) {
      expected.set(key, String(value));
      continue;
    }
    // English's `other` form carries the placeholders the others must keep.
    const other = String(reference.get(`${counted[1]}_other`) ?? value);
    for (const form of forms) expected.set(`${counted[1]}_${form}`, other);
  }
  const actual = flatten(messages);
  for (const key of expected.keys()) if (!actual.has(key)) found.push(`missing ${key}`);
  for (const [key, value] of actual) {
    const english = expected.get(key);
    if (english === undefined) found.push(`extra ${key}`);
    else if (typeof value !== "string") found.push(`${key} is not a string`);
    else if (value.trim() === "") found.push(`${key} is empty`);
    else if (markers(value).join(" ") !== markers(english).join(" ")) {
      found.push(`${key} has ${markers(value).join(" ") || "no markers"}, not ${markers(english).join(" ")}`);
    }
  }
  return found;
}

// Through the loader the page uses: every language's chunk, as the browser gets it.
const MESSAGES = new Map(
  await Promise.all(
    LANGUAGES.map(async (language) => [language, await loadLanguageBundle(language)] as const),
  ),
);
const messagesOf = (language: Language, namespace: Namespace): MessageTree => {
  const bundle = MESSAGES.get(language);
  assert.ok(bundle, language);
  return bundle[namespace];
};

describe("the message catalogues", () => {
  for (const namespace of NAMESPACES) {
    for (const language of LANGUAGES) {
      it(`${namespace}: ${language} has exactly English's keys, its plural forms, no empty message, the same placeholders`, () => {
        assert.deepEqual(
          problems(messagesOf("en", namespace), messagesOf(language, namespace), language),
          [],
        );
      });
    }
  }

  it("knows each language's plural forms as Intl does", () => {
    for (const language of LANGUAGES) {
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      assert.deepEqual([...PLURAL_FORMS[language]].sort(), [...forms].sort(), language);
    }
  });

  it("reports a missing key, a missing plural form, an empty message and a lost placeholder", () => {
    const english = {
      a: { b: "B {{name}}", c: "C <strong>x</strong>" },
      n_one: "{{count}} one",
      n_other: "{{count}} many",
    };
    const broken: Record<Language, MessageTree> = {
      en: english,
      de: { a: { b: "B {{name}}" }, n_one: "{{count}} eins", n_other: "{{count}} viele" },
      fr: {
        a: { b: "B {{name}}", c: "C <strong>x</strong>" },
        n_one: "{{count}} un",
        n_other: "{{count}} plusieurs",
      },
      es: {
        a: { b: "", c: "C <strong>x</strong>" },
        n_one: "{{count}}",
        n_many: "{{count}}",
        n_other: "{{count}}",
      },
      ja: { a: { b: "B {{nom}}", c: "C x" }, n_one: "{{count}}", n_other: "{{count}}" },
      "pt-BR": {
        a: { b: "B {{name}}", c: "C <strong>x</strong>" },
        n_one: "{{count}}",
        n_many: "{{count}}",
        n_other: "{{count}}",
      },
    };
    assert.deepEqual(problems(english, broken.en, "en"), []);
    assert.deepEqual(problems(english, broken.de, "de"), ["missing a.c"]);
    assert.deepEqual(problems(english, broken.fr, "fr"), ["missing n_many"]);
    assert.deepEqual(problems(english, broken.es, "es"), ["a.b is empty"]);
    assert.deepEqual(problems(english, broken.ja, "ja"), [
      "a.b has {{nom}}, not {{name}}",
      "a.c has no markers, not <strong>",
      "extra n_one",
    ]);
    assert.deepEqual(problems(english, broken["pt-BR"], "pt-BR"), []);
  });
});
