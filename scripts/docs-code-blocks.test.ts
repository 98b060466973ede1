/**
 * The docs' TypeScript examples compile (issue 23). Developers copy the ```ts, ```tsx and
 * ```typescript blocks of README.md, docs/**\/*.md and the packages', apps' and examples' READMEs, and
 * some of them did not compile (a `useSession` example under strict TypeScript).
 *
 * How: every such block is written to a file of its own in a temporary folder at the repository's
 * root (git-ignored, removed afterwards), so that `@gatehouse/*` resolves exactly as it does for the
 * repository's own code (the workspace links in node_modules, the `gatehouse-source` export
 * condition). All of them are type-checked in ONE TypeScript program, under the root tsconfig.json
 * (strict, `noUncheckedIndexedAccess`), with the real `next` (the root program maps it to an empty
 * stub) and every file a module of its own. A block must compile alone, as a developer pastes it: it
 * imports what it uses, and stands in for the app's own code with `declare const x: …`.
 *
 * A block that cannot compile alone (a signature listing, code inside core) is exempted by
 * an HTML comment on the line right before its fence, which must give the reason:
 *
 *     <!-- not type-checked: a signature listing, not code -->
 *     ```ts
 *
 * Keep these few: prefer fixing the block. A marker that is not right before a TypeScript block fails
 * the test, so markers cannot outlive their block.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { API, type Diagnostic, DiagnosticCategory } from "typescript/unstable/sync";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));

/** The info strings (first word, case-insensitive) whose blocks are checked, and the file type each gets. */
const LANGUAGES: Record<string, ".ts" | ".tsx"> = { ts: ".ts", typescript: ".ts", tsx: ".tsx" };

const EXEMPT_MARKER = /^\s*<!--\s*not type-checked\s*:(.*?)-->\s*$/i;
const ANY_MARKER = /^\s*<!--\s*not type-checked/i;

interface Block {
  /** The markdown file, relative to the repository root. */
  file: string;
  /** 1-based line of the opening fence in the markdown. */
  fenceLine: number;
  /** The info string's first word, lower case: ts, tsx or typescript. */
  language: string;
  code: string;
  /** The marker's reason, when the block is exempted. */
  exemptReason: string | undefined;
}

/** README.md, docs/**\/*.md, and the READMEs of packages/*, apps/*, examples/* (never node_modules). */
function markdownFiles(): string[] {
  const files: string[] = ["README.md"];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.name === "node_modules") continue;
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) files.push(path);
    }
  };
  walk("docs");
  for (const parent of ["packages", "apps", "examples"]) {
    for (const entry of readdirSync(join(root, parent), { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === "node_modules") continue;
      const readme = `${parent}/${entry.name}/README.md`;
      if (existsSync(join(root, readme))) files.push(readme);
    }
  }
  return files.sort();
}

/** The fenced code blocks of one markdown file (CommonMark fences: ``` or ~~~, closed by a fence as long). */
function blocksOf(file: string, problems: string[]): Block[] {
  const lines = readFileSync(join(root, file), "utf8").split(/\r?\n/);
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/.exec(lines[i]!);
    if (!open) {
      if (ANY_MARKER.test(lines[i]!)) {
        // A marker is only valid right before a TypeScript fence (checked when that fence is read).
        const next = lines.slice(i + 1).findIndex((l) => l.trim() !== "");
        const fence = next === -1 ? undefined : lines[i + 1 + next];
        const language = fence && /^\s*(`{3,}|~{3,})\s*([^\s`]*)/.exec(fence)?.[2]?.toLowerCase();
        if (!language || !(language in LANGUAGES))
          problems.push(
            `${file}:${i + 1}: a "not type-checked" marker that is not right before a TypeScript block`,
          );
      }
      i++;
      continue;
    }
    const indent = open[1]!.length;
    const fence = open[2]!;
    const language = open[3]!.toLowerCase();
    const fenceLine = i + 1;
    const body: string[] = [];
    i++;
    while (i < lines.length) {
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(lines[i]!);
      if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length) break;
      // Content of an indented fence (in a list item) loses up to the fence's indentation.
      body.push(lines[i]!.replace(new RegExp(`^ {0,${indent}}`), ""));
      i++;
    }
    i++; // past the closing fence
    if (!(language in LANGUAGES)) continue;

    let exemptReason: string | undefined;
    let previous = fenceLine - 2;
    while (previous >= 0 && lines[previous]!.trim() === "") previous--;
    const marker = previous >= 0 ? EXEMPT_MARKER.exec(lines[previous]!) : null;
    if (marker) {
      exemptReason = marker[1]!.trim();
      if (exemptReason === "")
        problems.push(`${file}:${previous + 1}: a "not type-checked" marker must say why`);
    } else if (previous >= 0 && ANY_MARKER.test(lines[previous]!)) {
      problems.push(`${file}:${previous + 1}: write the marker as <!-- not type-checked: reason -->`);
    }
    blocks.push({ file, fenceLine, language, code: body.join("\n"), exemptReason });
  }
  return blocks;
}

/** The temporary file a block is written to: unique, and traceable to the markdown. */
function fileNameOf(block: Block): string {
  return `${block.file.replace(/[/\\]/g, "__")}-L${block.fenceLine}${LANGUAGES[block.language]}`;
}

/** 0-based line and column of an offset in a text. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length - 1, column: before.at(-1)!.length };
}

function messageText(diagnostic: Diagnostic, depth = 0): string {
  const own = `${"  ".repeat(depth)}${diagnostic.text}`;
  const chain = (diagnostic.messageChain ?? []).map((d) => messageText(d, depth + 1));
  return [own, ...chain].join("\n");
}

/** One diagnostic, located in the block and in the markdown, with the offending line quoted. */
function describeDiagnostic(block: Block, diagnostic: Diagnostic): string {
  const { line, column } = lineAndColumn(block.code, diagnostic.pos);
  const quoted = block.code.split("\n")[line] ?? "";
  return [
    `  block line ${line + 1}, column ${column + 1} (${block.file}:${block.fenceLine + 1 + line}): TS${diagnostic.code}`,
    messageText(diagnostic)
      .split("\n")
      .map((l) => `    ${l}`)
      .join("\n"),
    `    | ${quoted}`,
  ].join("\n");
}

const problems: string[] = [];
const blocks = markdownFiles().flatMap((file) => blocksOf(file, problems));
const checked = blocks.filter((b) => b.exemptReason === undefined);
/** Error diagnostics of each checked block, by its temporary file name. */
const diagnostics = new Map<string, Diagnostic[]>();
let programProblems: string[] = [];
let tmpDir = "";

before(() => {
  // Inside the repository, so that node_modules and the root package.json ("type": "module") apply.
  tmpDir = mkdtempSync(join(root, ".docs-code-blocks-"));
  writeFileSync(
    join(tmpDir, "tsconfig.json"),
    JSON.stringify({
      extends: "../tsconfig.json",
      compilerOptions: {
        // The real `next`: the blocks for @gatehouse/nextjs are checked as a Next.js app sees them.
        paths: {},
        // Every block is a module of its own: two blocks declaring `auth` do not collide.
        moduleDetection: "force",
      },
      include: ["*.ts", "*.tsx"],
      exclude: [],
    }),
  );
  for (const block of checked) writeFileSync(join(tmpDir, fileNameOf(block)), `${block.code}\n`);

  const api = new API({ cwd: tmpDir });
  try {
    const config = join(tmpDir, "tsconfig.json");
    const snapshot = api.updateSnapshot({ openProjects: [config] });
    const project = snapshot.getProject(config) ?? snapshot.getProjects()[0];
    assert.ok(project, "the temporary tsconfig.json opens as a project");
    const { program } = project;
    programProblems = [...program.getConfigFileParsingDiagnostics(), ...program.getProgramDiagnostics()]
      .filter((d) => d.category === DiagnosticCategory.Error)
      .map((d) => `${d.fileName ? `${relative(root, d.fileName)}: ` : ""}TS${d.code} ${messageText(d)}`);
    for (const block of checked) {
      const name = join(tmpDir, fileNameOf(block));
      const found = [...program.getSyntacticDiagnostics(name), ...program.getSemanticDiagnostics(name)];
      diagnostics.set(
        fileNameOf(block),
        found.filter((d) => d.category === DiagnosticCategory.Error),
      );
    }
  } finally {
    api.close();
  }
});

after(() => {
  if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
});

test("the docs hold TypeScript blocks, and the exemption markers are well-formed", (t) => {
  t.diagnostic(
    `${blocks.length} TypeScript blocks: ${checked.length} checked, ${blocks.length - checked.length} exempt`,
  );
  assert.ok(checked.length > 0, "no TypeScript block found: is the search broken?");
  assert.deepEqual(problems, []);
  assert.deepEqual(programProblems, [], "the program for the blocks has configuration errors");
});

for (const file of [...new Set(blocks.map((b) => b.file))]) {
  describe(file, () => {
    for (const block of blocks.filter((b) => b.file === file)) {
      const name = `${file}:${block.fenceLine} \`\`\`${block.language}`;
      if (block.exemptReason !== undefined) {
        test(name, { skip: `not type-checked: ${block.exemptReason}` }, () => {});
        continue;
      }
      test(name, () => {
        const found = diagnostics.get(fileNameOf(block));
        assert.ok(found, `no diagnostics were collected for ${name}`);
        assert.equal(
          found.length,
          0,
          `the \`\`\`${block.language} block at ${file}:${block.fenceLine} does not compile ` +
            `(line numbers count from the line after the fence):\n` +
            found.map((d) => describeDiagnostic(block, d)).join("\n"),
        );
      });
    }
  });
}
