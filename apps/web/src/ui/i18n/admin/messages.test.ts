// The admin namespace against the code that speaks it: tsc checks that every key the console asks
// for exists (i18next's typed `t`) and that every language gives exactly English's keys; this checks
// the rest — no message left unused, and every translation keeps English's placeholders and markup.
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { MessageTree } from "../catalogue.ts";
import { LANGUAGES } from "../languages.ts";
import { loadLanguageBundle } from "../load-language-bundle.ts";
import en from "./en.ts";

const FEATURE = join(import.meta.dirname, "..", "..", "features", "admin");

/** Every leaf of a message tree as `path → text`. */
function leaves(tree: MessageTree, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") found.set(path, value);
    else for (const [inner, text] of leaves(value, path)) found.set(inner, text);
  }
  return found;
}

/** A counted key's base: `users.shown_other` → `users.shown`. */
const base = (path: string) => path.replace(/_(zero|one|two|few|many|other)$/, "");

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter(
    (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts"),
  );
  return Promise.all(files.map((entry) => readFile(join(entry.parentPath, entry.name), "utf8")));
}

/** What `{{name}}` placeholders and `<tag>`s a message has, sorted (`{{count, number}}` counts as `count`). */
const markers = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}|<\/?(\w+)>/g)].map((match) => match[1] ?? `<${match[2]}>`).sort();

describe("the admin console's messages", () => {
  it("are all used by the console (a key the code asks for is checked by tsc)", async () => {
    const code = (await sources(FEATURE)).join("\n");
    // Literal keys, `t("a.b")` and `i18nKey="a.b"`; and prefixes of keys built from data, `t(\`kinds.${kind}\`)`.
    const literal = new Set([...code.matchAll(/(?:\bt\(|i18nKey=)\s*"([\w.-]+)"/g)].map((match) => match[1]));
    const prefixes = [...code.matchAll(/\bt\(\s*`([\w.]+)\.\$\{/g)].map((match) => `${match[1]}.`);
    const unused = [...leaves(en).keys()]
      .map(base)
      .filter((key) => !literal.has(key) && !prefixes.some((prefix) => key.startsWith(prefix)));
    assert.deepEqual([...new Set(unused)], []);
  });

  it("keep English's placeholders and markup in every language, and say something", async () => {
    const english = leaves(en);
    for (const language of LANGUAGES) {
      const { admin } = await loadLanguageBundle(language);
      for (const [path, text] of leaves(admin)) {
        assert.ok(text.trim() !== "", `${language} ${path} is empty`);
        const source = english.get(path) ?? english.get(`${base(path)}_other`);
        assert.ok(source !== undefined, `${language} ${path} is not an English key`);
        assert.deepEqual(markers(text), markers(source), `${language} ${path}: ${text}`);
      }
    }
  });
});
