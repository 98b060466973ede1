import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LANGUAGES } from "./languages.ts";
import { ENGLISH_BUNDLE, loadLanguageBundle } from "./load-language-bundle.ts";

describe("loadLanguageBundle", () => {
  it("gives English at once, the same messages the main chunk holds", async () => {
    assert.equal(await loadLanguageBundle("en"), ENGLISH_BUNDLE);
    assert.equal(ENGLISH_BUNDLE.common.site && typeof ENGLISH_BUNDLE.common.site, "object");
  });

  it("gives each other language its own words, every namespace, from its chunk", async () => {
    const words = new Set<string>();
    for (const language of LANGUAGES) {
      const bundle = await loadLanguageBundle(language);
      assert.deepEqual(Object.keys(bundle).sort(), ["account", "admin", "common"], language);
      const site = bundle.common.site;
      assert.ok(typeof site === "object" && typeof site.language === "string", language);
      words.add(site.language);
    }
    // "Language", "Sprache", "Langue", "言語", and "Idioma" for both Spanish and Portuguese.
    assert.equal(words.size, LANGUAGES.length - 1);
  });
});
