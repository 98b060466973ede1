/**
 * Every check the README promises, in order: browser present, types, lint, web build, then all tests
 * (unit, integration against real components, browser). Stops at the first failing step.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureChromium } from "./ensure-chromium.ts";

const root = new URL("..", import.meta.url).pathname;

// The repository runs its packages from source: the gatehouse-source export condition (root .npmrc,
// docs/packaging.md) must reach every child, also when this file is run with plain `node`.
const SOURCE_CONDITION = "--conditions=gatehouse-source";
const nodeOptions = process.env.NODE_OPTIONS ?? "";
const env = nodeOptions.includes(SOURCE_CONDITION)
  ? process.env
  : { ...process.env, NODE_OPTIONS: `${nodeOptions} ${SOURCE_CONDITION}`.trim() };

function run(label: string, command: string, args: string[]): void {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

const bin = (name: string) => `${root}node_modules/.bin/${name}`;

ensureChromium();
run("type check (tsc strict)", bin("tsc"), ["-p", "tsconfig.json", "--noEmit"]);
// Checked against the real `next` in a program of its own: Next's types augment globals (tsconfig.json).
run("type check @gatehouse/nextjs", bin("tsc"), ["-p", "packages/nextjs/tsconfig.json", "--noEmit"]);
run("lint and format (biome)", bin("biome"), ["check", "."]);
if (existsSync(`${root}apps/web/vite.config.ts`)) {
  run("build the web app UI (vite)", process.execPath, [
    bin("vite"),
    "build",
    "--logLevel",
    "warn",
    "apps/web",
  ]);
}
run("tests (node:test)", process.execPath, [
  "--test",
  "--test-concurrency=2",
  "--test-timeout=120000",
  "packages/*/src/**/*.test.ts",
  "packages/*/test/**/*.test.ts",
  "apps/*/src/**/*.test.ts",
  "e2e/**/*.test.ts",
  "bench/**/*.test.ts",
  // The docs' TypeScript blocks, type-checked (scripts/docs-code-blocks.test.ts).
  "scripts/**/*.test.ts",
]);
