/**
 * `npm run build`: builds every library package (a workspace with a tsconfig.build.json) into its
 * dist/, dependencies first. A package's build resolves its sibling packages through their built
 * `.d.ts` (the build turns the gatehouse-source condition off), so the order matters. dist/ is
 * emptied first: tsc never deletes the output of a source file that is gone, and npm pack would ship it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

interface Workspace {
  dir: string;
  name: string;
  siblings: string[];
}

function readWorkspace(dir: string): Workspace {
  const pkg = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as {
    name: string;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  // devDependencies are for tests only and may point back (core's tests use @gatehouse/smtp).
  const deps = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies });
  return { dir, name: pkg.name, siblings: deps.filter((name) => name.startsWith("@gatehouse/")) };
}

/** Library workspaces in an order where every package comes after the siblings it depends on. */
export function buildOrder(): Workspace[] {
  const rootPkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { workspaces: string[] };
  const libraries = rootPkg.workspaces
    .filter((dir) => existsSync(join(root, dir, "tsconfig.build.json")))
    .map(readWorkspace);
  const byName = new Map(libraries.map((workspace) => [workspace.name, workspace]));
  const ordered: Workspace[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (workspace: Workspace, path: string[]): void => {
    if (state.get(workspace.name) === "done") return;
    if (state.get(workspace.name) === "visiting") {
      throw new Error(`dependency cycle: ${[...path, workspace.name].join(" → ")}`);
    }
    state.set(workspace.name, "visiting");
    for (const name of workspace.siblings) {
      const sibling = byName.get(name);
      if (sibling) visit(sibling, [...path, workspace.name]);
    }
    state.set(workspace.name, "done");
    ordered.push(workspace);
  };
  for (const workspace of libraries) visit(workspace, []);
  return ordered;
}

if (import.meta.main) {
  const tsc = join(root, "node_modules/.bin/tsc");
  for (const { dir, name } of buildOrder()) {
    const started = performance.now();
    rmSync(join(root, dir, "dist"), { recursive: true, force: true });
    const result = spawnSync(tsc, ["-p", join(dir, "tsconfig.build.json")], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) {
      console.error(`✖ ${name} (${dir}) failed to build`);
      process.exit(result.status ?? 1);
    }
    console.log(`✔ ${name} → ${dir}/dist (${Math.round(performance.now() - started)} ms)`);
  }
}
