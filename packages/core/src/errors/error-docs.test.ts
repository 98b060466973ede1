import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { type ErrorCode, errorCatalogue } from "./catalogue.ts";
import { renderErrorDocs } from "./error-docs.ts";

const DOCS = join(import.meta.dirname, "..", "..", "..", "..", "docs", "errors.md");
const REGENERATE =
  "docs/errors.md is out of date with the error catalogue: run `node scripts/generate-error-docs.ts`.";

const codes = Object.keys(errorCatalogue) as ErrorCode[];

function readDocs(): string {
  try {
    return readFileSync(DOCS, "utf8");
  } catch {
    assert.fail(`docs/errors.md is missing: run \`node scripts/generate-error-docs.ts\`.`);
  }
}

test("docs/errors.md on disk is exactly what the catalogue renders", () => {
  const onDisk = readDocs().split("\n");
  const rendered = renderErrorDocs().split("\n");
  // Point at the first difference instead of diffing the whole page; the message says what to do.
  const line = rendered.findIndex((text, i) => onDisk[i] !== text);
  const differs = line !== -1 || onDisk.length !== rendered.length;
  const where = line === -1 ? Math.min(onDisk.length, rendered.length) : line;
  assert.ok(!differs, `${REGENERATE} (first difference at line ${where + 1})`);
});

test("every code appears in docs/errors.md, in a row with its status", () => {
  const docs = readDocs();
  for (const code of codes) {
    const row = docs.split("\n").find((line) => line.startsWith(`| \`${code}\` |`));
    assert.ok(row, `${code} is not documented. ${REGENERATE}`);
    assert.ok(row.startsWith(`| \`${code}\` | ${errorCatalogue[code].status} |`), `${code}: ${row}`);
  }
});

test("the page says how it is generated and has one table per surface, each code in its own", () => {
  const docs = renderErrorDocs();
  assert.match(docs, /^# Error codes\n/);
  assert.ok(docs.includes("`node scripts/generate-error-docs.ts`"));
  const sections = docs.split(/\n## /).slice(1);
  assert.equal(sections.length, 3);
  const surfaces = ["signin", "error", "request"] as const;
  sections.forEach((section, i) => {
    assert.ok(section.includes("| Code | HTTP status | Message shown | When it is raised |"), section);
    const rows = section.split("\n").filter((line) => line.startsWith("| `"));
    const expected = codes.filter((code) => errorCatalogue[code].surface === surfaces[i]);
    assert.deepEqual(
      rows.map((row) => row.slice(3, row.indexOf("`", 3))),
      expected,
    );
  });
});

test("table cells carry the catalogue text with no stray column breaks or HTML", () => {
  const docs = renderErrorDocs();
  for (const line of docs.split("\n").filter((l) => l.startsWith("| `"))) {
    // Four columns: five unescaped bars.
    assert.equal(line.split(/(?<!\\)\|/).length, 6, line);
    assert.doesNotMatch(line, /<[a-z/]/i, line);
  }
  for (const code of codes) {
    const { message, cause } = errorCatalogue[code];
    const escaped = (text: string) =>
      text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
    assert.ok(docs.includes(escaped(message)), `${code} message`);
    assert.ok(docs.includes(escaped(cause)), `${code} cause`);
  }
});
