import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

const root = new URL("../../../", import.meta.url).pathname;

/** Every .ts/.tsx file below `dir`, without node_modules. */
function sources(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...sources(path));
    else if (/\.tsx?$/.test(name)) found.push(path);
  }
  return found;
}

test("every `protocol.md` citation in the code names docs/protocol.md and a section it has", () => {
  const sections = new Set(
    [...readFileSync(join(root, "docs/protocol.md"), "utf8").matchAll(/^## (\d+)\. /gm)].map((m) => m[1]),
  );
  assert.ok(sections.size >= 10, "docs/protocol.md has its numbered sections");
  const files = ["packages", "apps", "e2e", "bench"].flatMap((dir) => sources(join(root, dir)));
  let citations = 0;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/([\w./-]*)protocol\.md((?: §\d+(?:–§\d+)?(?:, §\d+)*)?)/g)) {
      if (file.endsWith("protocol-citations.test.ts")) continue;
      assert.equal(match[1], "docs/", `${file}: cite docs/protocol.md, not ${match[0]}`);
      for (const section of (match[2] ?? "").matchAll(/§(\d+)/g)) {
        assert.ok(sections.has(section[1]), `${file}: docs/protocol.md has no §${section[1]}`);
        citations++;
      }
    }
  }
  assert.ok(citations > 20, `found ${citations} citations`);
});
