/**
 * What the React sign-in client adds to an app's JavaScript: each client is bundled with Vite
 * (library mode, ES format, `react`/`react-dom` external, so only the client's own code and its
 * dependencies count), minified as an app build minifies, then gzipped (level 9).
 *
 * - `@gatehouse/react`: its whole entry (`packages/react/src/index.ts`), every export kept.
 * - Better Auth, for comparison: `createAuthClient` from `better-auth/react`, resolved from bench/.
 *
 * Vite's library mode leaves ES output unminified in whitespace and keeps `@__PURE__` annotations,
 * so that the consuming app can still tree-shake it. The figure is what the app then ships, so the
 * output here is minified fully (whitespace too) with comments dropped, as Vite's app build does,
 * and `process.env.NODE_ENV` is "production", as an app build defines it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";

export interface ClientSize {
  name: string;
  version: string;
  minifiedBytes: number;
  gzipBytes: number;
}

const BENCH_DIR = fileURLToPath(new URL("..", import.meta.url));
const GATEHOUSE_REACT_DIR = fileURLToPath(new URL("../../packages/react/", import.meta.url));
const EXTERNAL = ["react", "react-dom", "react/jsx-runtime", "react/jsx-dev-runtime"];

export async function measureClientSize(): Promise<ClientSize[]> {
  // Inside bench/, so that the Better Auth entry resolves `better-auth` from bench/node_modules.
  const work = mkdtempSync(join(BENCH_DIR, ".client-size-"));
  try {
    const betterAuthEntry = join(work, "better-auth-entry.js");
    writeFileSync(betterAuthEntry, `export { createAuthClient } from "better-auth/react";\n`);
    const betterAuthPackage = packageJsonOf(
      createRequire(join(BENCH_DIR, "package.json")).resolve("better-auth/react"),
      "better-auth",
    );
    return [
      {
        name: "@gatehouse/react",
        version: readVersion(join(GATEHOUSE_REACT_DIR, "package.json")),
        ...(await bundleSize(join(GATEHOUSE_REACT_DIR, "src/index.ts"), work)),
      },
      {
        name: "better-auth (better-auth/react)",
        version: readVersion(betterAuthPackage),
        ...(await bundleSize(betterAuthEntry, work)),
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Bundles `entry` and returns the minified and gzipped sizes of everything emitted (all chunks). */
async function bundleSize(
  entry: string,
  work: string,
): Promise<{ minifiedBytes: number; gzipBytes: number }> {
  const result = await build({
    configFile: false,
    root: work,
    cacheDir: join(work, "vite-cache"),
    logLevel: "silent",
    mode: "production",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      write: false,
      outDir: join(work, "dist"),
      emptyOutDir: false,
      minify: true,
      sourcemap: false,
      reportCompressedSize: false,
      lib: { entry, formats: ["es"], fileName: "client" },
      rolldownOptions: {
        external: EXTERNAL,
        output: { minify: true, comments: false },
      },
    },
  });
  if (!Array.isArray(result) && !("output" in result)) throw new Error("vite build returned a watcher");
  const outputs = Array.isArray(result) ? result : [result];
  let minifiedBytes = 0;
  let gzipBytes = 0;
  for (const output of outputs) {
    for (const item of output.output) {
      if (item.type !== "chunk") continue;
      const code = Buffer.from(item.code, "utf8");
      minifiedBytes += code.byteLength;
      gzipBytes += gzipSync(code, { level: 9 }).byteLength;
    }
  }
  if (minifiedBytes === 0) throw new Error(`bundling ${entry} emitted no JavaScript`);
  return { minifiedBytes, gzipBytes };
}

/** The package.json of the package `name` that contains `file`. */
function packageJsonOf(file: string, name: string): string {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, "package.json");
    try {
      const json = JSON.parse(readFileSync(candidate, "utf8")) as { name?: unknown };
      if (json.name === name) return candidate;
    } catch {
      // No package.json here (or not one we can read): keep walking up.
    }
  }
  throw new Error(`no package.json of ${name} above ${file}`);
}

function readVersion(packageJson: string): string {
  const { version } = JSON.parse(readFileSync(packageJson, "utf8")) as { version?: unknown };
  if (typeof version !== "string") throw new Error(`${packageJson} has no version`);
  return version;
}

if (import.meta.main) {
  const rows = await measureClientSize();
  const header = ["Client", "Version", "Minified bytes", "Gzip bytes"];
  const body = rows.map((row) => [
    row.name,
    row.version,
    row.minifiedBytes.toLocaleString("en-US"),
    row.gzipBytes.toLocaleString("en-US"),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(" | ")} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((width, column) => (column < 2 ? `:${"-".repeat(width + 1)}` : `${"-".repeat(width + 1)}:`)).join("|")}|`,
  );
  for (const cells of body) console.log(line(cells));
}
