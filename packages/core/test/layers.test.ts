/**
 * Layers, guarded (issue 24). Core's folders form a stack: a folder imports at run time only from the
 * layers below it, so there is no import loop between folders, and a feature can later leave core as
 * a module without dragging half of it along. This test is what keeps that true: the restructuring's
 * fix once held for three commits and nobody noticed the loop coming back.
 *
 * What it reads: every file that ships (the files `packages/core/tsconfig.build.json` compiles, so no
 * tests and no test utilities), parsed by the TypeScript compiler, and in each its RUNTIME imports:
 * - `import type …` and `export type … from` are erased and are no edge;
 * - `import { type A, type B } from "x"` IS an edge: under `verbatimModuleSyntax` (and Node's type
 *   stripping, which runs this repository from source) it becomes `import {} from "x"`, and `x` is
 *   loaded and evaluated. Write `import type { A, B }` to make it none;
 * - `import("x")` is an edge too (it runs when the code runs); a type position `import("x").T` is not.
 *
 * The layer order below is the README's map of core ("Inside core"); the last test holds the two
 * together, so the map cannot go stale.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { type Node, type SourceFile, SyntaxKind } from "typescript/unstable/ast";
import { API } from "typescript/unstable/sync";

const coreDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const srcDir = join(coreDir, "src");
const readme = resolve(coreDir, "../../README.md");

/**
 * The layers of core, top first, as the README's table names them. A folder (or a file directly in
 * src/) imports at run time from its own layer and the layers below, never from a layer above; within
 * a layer the folders still must not form a loop (the first test). To place a new folder, add it here
 * and to the README's table; the test says where an import runs up.
 */
const LAYERS: readonly { layer: string; parts: readonly string[] }[] = [
  { layer: "modules", parts: ["languages/"] },
  { layer: "entry", parts: ["index.ts", "gatehouse.ts"] },
  { layer: "endpoints", parts: ["actions/", "modules/"] },
  { layer: "accounts", parts: ["accounts/", "admin/"] },
  { layer: "options", parts: ["config/"] },
  {
    layer: "concepts",
    parts: [
      "session/",
      "audit/",
      "events/",
      "oauth/",
      "tokens/",
      "device/",
      "logout/",
      "resource/",
      "pages/",
      "providers/",
      "passwords/",
      "passkeys/",
      "two-factor/",
    ],
  },
  { layer: "request", parts: ["http/", "i18n/", "cookies/", "csrf/", "redirect/", "limits/", "adapter/"] },
  { layer: "base", parts: ["lib/", "errors/"] },
];

/**
 * The packages of this repository that core may import: its own dependencies. Anything else under
 * @gatehouse/ is a module built on core (an adapter, a server binding, a feature), and core importing
 * it would be a loop between packages.
 */
const coreDeps = Object.keys(
  (
    JSON.parse(readFileSync(join(coreDir, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    }
  ).dependencies,
).filter((name) => name.startsWith("@gatehouse/"));

interface Edge {
  /** Path under src/, as `session/sessions.ts`. */
  from: string;
  line: number;
  specifier: string;
  /** Path under src/ of the imported file; a package's name for a bare specifier. */
  to: string;
  dynamic: boolean;
}

/** `session/sessions.ts` → `session/`; `gatehouse.ts` → `gatehouse.ts` (the root files stand alone). */
function partOf(path: string): string {
  const slash = path.indexOf("/");
  return slash === -1 ? path : path.slice(0, slash + 1);
}

/** The runtime imports of one parsed file. */
function runtimeImports(file: SourceFile): Edge[] {
  const from = relative(srcDir, file.fileName);
  const edges: Edge[] = [];
  const add = (specifierNode: Node, dynamic: boolean) => {
    if (specifierNode.kind !== SyntaxKind.StringLiteral) return;
    const specifier = (specifierNode as Node & { text: string }).text;
    const to = specifier.startsWith(".")
      ? relative(srcDir, resolve(dirname(file.fileName), specifier))
      : specifier;
    const line = file.getLineAndCharacterOfPosition(specifierNode.getStart(file)).line + 1;
    edges.push({ from, line, specifier, to, dynamic });
  };
  const visit = (node: Node): void => {
    if (node.kind === SyntaxKind.ImportDeclaration) {
      const decl = node as Node & {
        importClause?: Node & { phaseModifier?: SyntaxKind };
        moduleSpecifier: Node;
      };
      if (decl.importClause?.phaseModifier !== SyntaxKind.TypeKeyword) add(decl.moduleSpecifier, false);
      return;
    }
    if (node.kind === SyntaxKind.ExportDeclaration) {
      const decl = node as Node & { isTypeOnly: boolean; moduleSpecifier?: Node };
      if (!decl.isTypeOnly && decl.moduleSpecifier) add(decl.moduleSpecifier, false);
      return;
    }
    if (node.kind === SyntaxKind.CallExpression) {
      const call = node as Node & { expression: Node; arguments: readonly Node[] };
      if (call.expression.kind === SyntaxKind.ImportKeyword && call.arguments[0])
        add(call.arguments[0], true);
    }
    // Type positions (`import("jose").JWK`, `typeof import("x")`) are ImportType nodes: no edge.
    node.forEachChild(visit);
  };
  file.forEachChild(visit);
  return edges;
}

function describeEdge(e: Edge): string {
  return `${e.from}:${e.line} ${e.dynamic ? "import()s" : "imports"} "${e.specifier}"`;
}

let edges: Edge[] = [];
let shipped: string[] = [];

before(() => {
  const api = new API({ cwd: coreDir });
  try {
    const snapshot = api.updateSnapshot({ openProjects: [join(coreDir, "tsconfig.build.json")] });
    const project = snapshot.getProjects()[0];
    assert.ok(project, "tsconfig.build.json opens as a project");
    shipped = project.rootFiles.map((f) => relative(srcDir, f)).sort();
    for (const name of project.rootFiles) {
      const file = project.program.getSourceFile(name);
      assert.ok(file, `${name} parses`);
      edges.push(...runtimeImports(file));
    }
  } finally {
    api.close();
  }
});

after(() => {
  edges = [];
});

/** Folder → folder → the file-level edges between them (only edges between two parts of core). */
function partGraph(): Map<string, Map<string, Edge[]>> {
  const graph = new Map<string, Map<string, Edge[]>>();
  for (const part of new Set(shipped.map(partOf))) graph.set(part, new Map());
  for (const e of edges) {
    if (e.specifier.startsWith(".") === false) continue;
    const a = partOf(e.from);
    const b = partOf(e.to);
    if (a === b) continue;
    const out = graph.get(a) ?? new Map<string, Edge[]>();
    graph.set(a, out);
    out.set(b, [...(out.get(b) ?? []), e]);
  }
  return graph;
}

/** Tarjan's strongly connected components: each loop of folders is one component of two or more. */
function loops(graph: Map<string, Map<string, Edge[]>>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string): void => {
    order.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!order.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, order.get(w)!));
      }
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!order.has(v)) connect(v);
  return found;
}

/** The shortest chain of folders from `start` to `goal` inside one component, for the report. */
function shortestPath(
  graph: Map<string, Map<string, Edge[]>>,
  within: Set<string>,
  start: string,
  goal: string,
): string[] {
  const previous = new Map<string, string>([[start, start]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    if (v === goal) break;
    for (const w of [...(graph.get(v)?.keys() ?? [])].sort()) {
      if (within.has(w) && !previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  const path = [goal];
  while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
  return path;
}

/**
 * One line per folder edge inside a loop: the chain that leads back, then the file-level import(s)
 * that close it. Moving those imports (or what they import) breaks that loop.
 */
function reportLoops(graph: Map<string, Map<string, Edge[]>>, components: string[][]): string {
  const lines: string[] = [];
  for (const component of components) {
    const within = new Set(component);
    lines.push(`loop of ${component.length} folders: ${component.join(", ")}`);
    const closing: { chain: string[]; by: Edge[] }[] = [];
    for (const a of component) {
      for (const [b, by] of graph.get(a) ?? []) {
        if (within.has(b)) closing.push({ chain: [...shortestPath(graph, within, b, a), b], by });
      }
    }
    // The thinnest edges first: one or two imports against the grain are usually the ones to move.
    closing.sort(
      (x, y) =>
        x.by.length - y.by.length ||
        x.chain.length - y.chain.length ||
        x.chain.join().localeCompare(y.chain.join()),
    );
    for (const { chain, by } of closing) {
      const more = by.length > 3 ? `; and ${by.length - 3} more` : "";
      lines.push(`  ${chain.join(" → ")}`);
      lines.push(`    closed by ${by.slice(0, 3).map(describeEdge).join("; ")}${more}`);
    }
  }
  return lines.join("\n");
}

describe("core's layers", () => {
  test("no runtime import loop between core's folders", () => {
    const graph = partGraph();
    const components = loops(graph);
    assert.equal(
      components.length,
      0,
      `core's folders import each other in a loop at run time:\n${reportLoops(graph, components)}`,
    );
  });

  test("every runtime import goes down the layer order", () => {
    const layerOf = new Map<string, number>();
    LAYERS.forEach(({ parts }, i) => {
      for (const part of parts) layerOf.set(part, i);
    });
    const local = edges.filter((e) => e.specifier.startsWith("."));
    const unplaced = [...new Set([...shipped, ...local.map((e) => e.to)].map(partOf))].filter(
      (p) => !layerOf.has(p),
    );
    assert.deepEqual(unplaced, [], "every folder of core/src has a layer in LAYERS (and the README)");
    const upward = local
      .filter((e) => layerOf.get(partOf(e.to))! < layerOf.get(partOf(e.from))!)
      .map(
        (e) =>
          `${describeEdge(e)}: ${partOf(e.from)} (${LAYERS[layerOf.get(partOf(e.from))!]!.layer}) reaches up to ${partOf(e.to)} (${LAYERS[layerOf.get(partOf(e.to))!]!.layer})`,
      );
    assert.deepEqual(upward, [], `imports that run up the layers:\n${upward.join("\n")}`);
  });

  test("core imports no module: of this repository's packages, only its own dependencies", () => {
    const ours = readdirSync(resolve(coreDir, ".."), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => {
        try {
          return (
            JSON.parse(readFileSync(resolve(coreDir, "..", d.name, "package.json"), "utf8")) as {
              name: string;
            }
          ).name;
        } catch {
          return undefined;
        }
      })
      .filter((name): name is string => name !== undefined);
    const packageOf = (specifier: string) => specifier.split("/").slice(0, 2).join("/");
    const intoModules = edges
      .filter((e) => !e.specifier.startsWith("."))
      .filter(
        (e) => packageOf(e.specifier).startsWith("@gatehouse/") || ours.includes(packageOf(e.specifier)),
      )
      .filter((e) => !coreDeps.includes(packageOf(e.specifier)))
      .map(describeEdge);
    assert.deepEqual(
      intoModules,
      [],
      `core imports a package built on it (core's own @gatehouse dependencies: ${coreDeps.join(", ")})`,
    );
  });

  test("the README's map of core names every folder, in its layer", () => {
    const text = readFileSync(readme, "utf8");
    const start = text.indexOf("### Inside core");
    assert.notEqual(start, -1, "README.md has the section 'Inside core'");
    const lines = text.slice(start).split("\n");
    const first = lines.findIndex((line) => line.startsWith("|"));
    const end = lines.findIndex((line, i) => i > first && !line.startsWith("|"));
    const rows = lines
      .slice(first + 2, end) // after the header and its rule, to the end of the first table
      .map((line) => line.split("|").map((cell) => cell.trim()));
    const map = rows
      .filter((cells) => cells.length >= 4)
      .map((cells) => ({
        layer: cells[1]!,
        parts: [...cells[2]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!),
      }));
    const expected = LAYERS.map(({ layer, parts }) => ({ layer, parts: [...parts] }));
    assert.deepEqual(
      map.slice(0, expected.length),
      expected,
      "README.md's table under 'Inside core' lists LAYERS of packages/core/test/layers.test.ts, top first",
    );
    const folders = readdirSync(srcDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `${d.name}/`);
    const listed = new Set(LAYERS.flatMap((l) => l.parts));
    assert.deepEqual(
      folders.filter((f) => !listed.has(f)),
      [],
      "every folder of packages/core/src is on the map",
    );
  });
});
