/**
 * What the packaging test does to the packages: build them, pack them as npm would publish them, and
 * install the tarballs into a fresh app outside the repository (no workspace links, no source
 * condition), which every Node.js version then runs.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildOrder } from "../../scripts/build.ts";
import { cleanEnv, type NodeRuntime } from "./node-runtimes.ts";
import { withPackLock } from "./pack-lock.ts";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export interface PackedPackage {
  name: string;
  /** Workspace folder, relative to the repository root. */
  dir: string;
  tarball: string;
  /** What the tarball holds, e.g. `dist/index.js`, `LICENSE`. */
  files: string[];
  /** Import specifiers of every `exports` entry, e.g. `@gatehouse/core/resource`. */
  specifiers: string[];
  bins: Record<string, string>;
  packageJson: PackageJson;
}

export interface PackageJson {
  name: string;
  version?: string;
  private?: boolean;
  type?: string;
  license?: string;
  sideEffects?: boolean;
  engines?: Record<string, string>;
  files?: string[];
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  exports?: Record<string, unknown>;
  bin?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as PackageJson;
}

/** The packages the test publishes: every library workspace (it has a tsconfig.build.json) that is not private. */
export function publishedWorkspaces(): { dir: string; name: string }[] {
  return buildOrder().filter(({ dir }) => readPackageJson(dir).private !== true);
}

/** Runs a command and returns its stdout; throws with both streams when it fails. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number },
): string {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    encoding: "utf8",
    timeout: options.timeout ?? 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} failed (${result.status ?? result.signal ?? result.error?.message}) in ${options.cwd}:\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

/**
 * Builds every library package from clean (`npm run build` empties dist/ first, so nothing stale can
 * ship), then packs the published ones into `destination` with `npm pack`. Packing skips the
 * packages' `prepack` (the same `tsc` build, which would double the time); `templateProblems`
 * checks that every package has it.
 */
export function packAll(destination: string): PackedPackage[] {
  const workspaces = publishedWorkspaces();
  const workspaceArgs = workspaces.flatMap(({ dir }) => ["--workspace", dir]);
  const stdout = withPackLock(() => {
    run(process.execPath, [join(root, "scripts", "build.ts")], { cwd: root });
    return run(
      "npm",
      ["pack", "--json", "--ignore-scripts", "--pack-destination", destination, ...workspaceArgs],
      {
        cwd: root,
      },
    );
  });
  const reports = JSON.parse(stdout) as { name: string; filename: string; files: { path: string }[] }[];
  return workspaces.map(({ dir, name }) => {
    const report = reports.find((entry) => entry.name === name);
    if (!report) throw new Error(`npm pack did not pack ${name}`);
    const pkg = readPackageJson(dir);
    return {
      name,
      dir,
      tarball: join(destination, report.filename),
      files: report.files.map((file) => file.path),
      specifiers: Object.keys(pkg.exports ?? {}).map((key) =>
        key === "." ? name : `${name}${key.slice(1)}`,
      ),
      bins: pkg.bin ?? {},
      packageJson: pkg,
    };
  });
}

/**
 * How a package's package.json departs from the template in docs/packaging.md, one line per
 * problem (none when it follows it).
 */
export function templateProblems(pkg: PackageJson, version: string): string[] {
  const problems: string[] = [];
  const expect = (what: string, actual: unknown, expected: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      problems.push(
        `${pkg.name}: ${what} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`,
      );
    }
  };
  expect("version", pkg.version, version);
  expect("type", pkg.type, "module");
  expect("license", pkg.license, "MIT");
  expect("sideEffects", pkg.sideEffects, false);
  // A package that ships data read at run time lists its data folder after dist (docs/packaging.md).
  const data = pkg.files?.includes("data") ? ["data"] : [];
  expect("files", pkg.files, ["dist", ...data, "README.md", "LICENSE"]);
  expect("scripts.build", pkg.scripts?.build, "tsc -p tsconfig.build.json");
  expect("scripts.prepack", pkg.scripts?.prepack, "npm run build");
  if (!/^>=22\.\d+$/.test(pkg.engines?.node ?? ""))
    problems.push(`${pkg.name}: engines.node must be ">=22.x"`);
  for (const [key, entry] of Object.entries(pkg.exports ?? {})) {
    const conditions = typeof entry === "object" && entry !== null ? Object.keys(entry) : [];
    expect(`exports["${key}"] conditions`, conditions, ["gatehouse-source", "types", "default"]);
  }
  for (const [name, bin] of Object.entries(pkg.bin ?? {})) {
    if (!bin.startsWith("./dist/")) problems.push(`${pkg.name}: bin ${name} points outside dist/ (${bin})`);
  }
  for (const [name, range] of Object.entries({ ...pkg.dependencies, ...pkg.peerDependencies })) {
    if (name.startsWith("@gatehouse/")) expect(`the version of its dependency ${name}`, range, version);
  }
  return problems;
}

/**
 * The version of `name` the repository has installed (its lockfile's pin), so that a consumer gets
 * what the repository is tested with, from npm's cache, rather than whatever a range means today.
 */
function installedVersion(name: string): string {
  const file = join(root, "node_modules", name, "package.json");
  const { version } = JSON.parse(readFileSync(file, "utf8")) as { version?: string };
  if (!version) throw new Error(`no version in ${file}`);
  return version;
}

export interface ConsumerApp {
  dir: string;
  runtime: NodeRuntime;
  /** The consumer's environment: the runtime's node first on PATH, no NODE_OPTIONS, no npm_*. */
  env: NodeJS.ProcessEnv;
  /** Runs `node <args>` on the app's runtime in the app's folder; returns stdout. */
  node(args: string[]): string;
}

/** The installed app in `dir`, run on `runtime`. */
export function consumerOn(dir: string, runtime: NodeRuntime): ConsumerApp {
  const env = cleanEnv(`${dirname(runtime.binary)}${delimiter}${process.env.PATH ?? ""}`);
  return { dir, runtime, env, node: (args) => run(runtime.binary, args, { cwd: dir, env }) };
}

/**
 * A fresh app in the temp folder that installs every tarball, the packages' peer dependencies (React,
 * the server frameworks) and the types a TypeScript consumer has, all at the versions the repository
 * uses. npm itself runs on `installer` with `--engine-strict`: an `engines` field that excludes
 * that Node fails the install. The app runs on `installer`; `consumerOn(app.dir, other)` runs it
 * on another Node.
 *
 * One install serves every runtime: nothing in the tree is built for a Node version (no native
 * addon of ours or of our dependencies), and a second install would copy Next.js (about 200 MB)
 * once more. Optional dependencies are left out for the same reason: they are native binaries
 * (Next.js's compiler, sharp) that no import here loads.
 */
export function installConsumer(
  installer: NodeRuntime,
  packed: PackedPackage[],
  extraDependencies: Record<string, string> = {},
): ConsumerApp {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-consumer-"));
  const dependencies: Record<string, string> = {};
  const peers = packed.flatMap((pkg) => Object.keys(pkg.packageJson.peerDependencies ?? {}));
  for (const name of [...peers, "@types/node", "@types/react"]) dependencies[name] = installedVersion(name);
  Object.assign(dependencies, extraDependencies);
  for (const pkg of packed) dependencies[pkg.name] = `file:${pkg.tarball}`;
  writeFileSync(
    join(dir, "package.json"),
    `${JSON.stringify({ name: "gatehouse-consumer", private: true, type: "module", dependencies }, null, 2)}\n`,
  );
  cpSync(join(root, "e2e", "packaging", "consumer"), dir, { recursive: true });
  const app = consumerOn(dir, installer);
  const args = [
    "install",
    "--no-audit",
    "--no-fund",
    "--prefer-offline",
    "--engine-strict",
    "--omit=optional",
  ];
  run("npm", args, { cwd: dir, env: app.env, timeout: 300_000 });
  return app;
}

/**
 * Every `@gatehouse/*` package in the app's lockfile came from one of our tarballs, never from the
 * registry (where the `@gatehouse` scope belongs to someone else).
 */
export function registryGatehousePackages(app: ConsumerApp): string[] {
  const lock = JSON.parse(readFileSync(join(app.dir, "package-lock.json"), "utf8")) as {
    packages: Record<string, { resolved?: string }>;
  };
  return Object.entries(lock.packages)
    .filter(([path]) => /(^|\/)node_modules\/@gatehouse\//.test(path))
    .filter(([, entry]) => !entry.resolved?.startsWith("file:"))
    .map(([path, entry]) => `${path} (${entry.resolved ?? "no resolved"})`);
}
