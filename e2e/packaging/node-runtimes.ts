/**
 * The Node.js binaries the packaging test runs consumers on: the repository's own Node 24 (the
 * `node` devDependency, which runs this test) and Node 22, installed on first use from the npm
 * registry's `node` package, as the repository gets Node 24, into node_modules/.cache.
 *
 * Not a devDependency alias (`"node22": "npm:node@22.16.0"`): its bin is also called `node`, and npm
 * then links node_modules/.bin/node to either package, so `npm start` and `npm test` could run on
 * Node 22; removing the alias again removed the link altogether.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * Node 22 at the oldest version a package of ours needs (`@gatehouse/sql`: `engines` `>=22.16`), so
 * the test proves the `engines` fields rather than the newest 22.x.
 */
export const NODE_22 = "22.16.0";

export interface NodeRuntime {
  /** `22` or `24`. */
  major: number;
  /** Absolute path of the `node` binary. */
  binary: string;
}

/** The Node 24 that runs this test (the repository's `node` devDependency). */
export function node24(): NodeRuntime {
  const major = Number(process.versions.node.split(".")[0]);
  if (major !== 24) throw new Error(`the packaging test runs under Node 24, not ${process.version}`);
  return { major, binary: process.execPath };
}

/** Node 22, installed once into node_modules/.cache/gatehouse/node-v22.x.y (about 5 s, then cached). */
export function node22(): NodeRuntime {
  const cache = join(root, "node_modules", ".cache", "gatehouse");
  const home = join(cache, `node-v${NODE_22}`);
  const binary = join(home, "node_modules", "node", "bin", "node");
  if (versionOf(binary) !== `v${NODE_22}`) {
    mkdirSync(cache, { recursive: true });
    // Installed beside the final folder, then renamed: two test runs at once never see half an install.
    const staging = mkdtempSync(join(cache, "staging-"));
    try {
      writeFileSync(join(staging, "package.json"), `${JSON.stringify({ private: true })}\n`);
      const result = spawnSync(
        "npm",
        ["install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", `node@${NODE_22}`],
        { cwd: staging, env: cleanEnv(), encoding: "utf8" },
      );
      if (result.status !== 0) {
        throw new Error(`installing node@${NODE_22} failed:\n${result.stdout}\n${result.stderr}`);
      }
      rmSync(home, { recursive: true, force: true });
      renameSync(staging, home);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
    const installed = versionOf(binary);
    if (installed !== `v${NODE_22}`)
      throw new Error(`expected node v${NODE_22} at ${binary}, got ${installed}`);
  }
  return { major: 22, binary };
}

function versionOf(binary: string): string | null {
  if (!existsSync(binary)) return null;
  const result = spawnSync(binary, ["--version"], { encoding: "utf8", env: cleanEnv() });
  return result.status === 0 ? result.stdout.trim() : null;
}

/**
 * The environment of a consumer: no NODE_OPTIONS (so no gatehouse-source condition: packages resolve
 * to dist/) and none of the npm_* variables that the enclosing `npm test` exports, which would carry
 * the repository's npm configuration into the consumer's npm.
 */
export function cleanEnv(path: string = process.env.PATH ?? ""): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: path };
  for (const name of Object.keys(env)) {
    if (name === "NODE_OPTIONS" || /^npm_/i.test(name)) Reflect.deleteProperty(env, name);
  }
  return env;
}
