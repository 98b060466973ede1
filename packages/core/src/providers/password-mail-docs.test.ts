import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

// The mail kinds a sender must handle are a type, not a value: read them from the declaration, so a
// kind added to `PasswordMail` without a row in docs/passwords.md fails here.
test("docs/passwords.md's mail table lists every PasswordMail kind, and only those", () => {
  const source = readFileSync(new URL("password.ts", import.meta.url), "utf8");
  const union =
    /export interface PasswordMail extends MailContent \{\s*kind:([^;]+);/.exec(source)?.[1] ?? "";
  const declared = [...union.matchAll(/"([a-z-]+)"/g)].map((match) => match[1]).sort();
  assert.ok(declared.length >= 8, `kinds read from the declaration: ${declared.join(", ")}`);
  const docs = readFileSync(new URL("../../../../docs/passwords.md", import.meta.url), "utf8");
  const header = docs.indexOf("| `kind` | sent when | links to |");
  assert.ok(header > 0, "the mail table's header");
  const table = docs.slice(docs.indexOf("\n", header), docs.indexOf("\n\n", header));
  const documented = [...table.matchAll(/^\| `([a-z-]+)` \| .+ \| .+ \|$/gm)].map((match) => match[1]).sort();
  assert.deepEqual(documented, declared);
});
