/**
 * Deno, Bun and workerd (Cloudflare Workers' runtime) for other-runtimes.test.ts and
 * bench/password-runtimes.ts: their binaries (devDependencies of e2e, pinned, each shipped as an
 * optional dependency for its platform), core's password hashing bundled for each with rolldown as an
 * app there bundles it, and a way to run that bundle.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { type Plugin, rolldown } from "rolldown";
import { cleanEnv } from "../packaging/node-runtimes.ts";
import { JAVASCRIPT_DERIVATIONS } from "./runtime-hashing.ts";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");

export type Runtime = "deno" | "bun" | "workerd";
export const RUNTIMES: readonly Runtime[] = ["deno", "bun", "workerd"];

export interface Binary {
  runtime: Runtime;
  path: string;
  /** The version e2e/package.json pins, which the binary confirmed. */
  version: string;
}

/** The version e2e/package.json pins for `runtime`. */
export function pinnedVersion(runtime: Runtime): string {
  const manifest = JSON.parse(readFileSync(join(here, "..", "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  };
  const version = manifest.devDependencies[runtime];
  if (!version) throw new Error(`e2e/package.json pins no ${runtime}`);
  return version;
}

/** What `<binary> --version` prints for the npm version: workerd names its build by date. */
function expectedVersionLine(runtime: Runtime, version: string): RegExp {
  if (runtime === "deno") return new RegExp(`^deno ${version.replaceAll(".", "\\.")} `);
  if (runtime === "bun") return new RegExp(`^${version.replaceAll(".", "\\.")}$`);
  const date = /^1\.(\d{4})(\d{2})(\d{2})\.\d+$/.exec(version);
  if (!date) throw new Error(`unexpected workerd version ${version}`);
  return new RegExp(`^workerd ${date[1]}-${date[2]}-${date[3]}$`);
}

/**
 * The runtime's binary from node_modules/.bin, or why it cannot run here: its package installs the
 * binary for this platform through an optional dependency, which npm leaves out on a platform the
 * runtime does not ship for.
 */
export function findBinary(runtime: Runtime): Binary | { skip: string } {
  const version = pinnedVersion(runtime);
  const path = join(root, "node_modules", ".bin", runtime);
  const run = spawnSync(path, ["--version"], { encoding: "utf8", env: cleanEnv(), timeout: 20_000 });
  const line = `${run.stdout ?? ""}`.trim().split("\n")[0] ?? "";
  if (run.status === 0 && expectedVersionLine(runtime, version).test(line)) return { runtime, path, version };
  const why = run.error ? run.error.message : `${line || `${run.stderr ?? ""}`.trim().split("\n")[0]}`;
  return { skip: `no ${runtime} ${version} binary in node_modules/.bin (npm install at the root): ${why}` };
}

/** What each bundle is for: Node (bench only) or one of the runtimes. */
export type Target = "node" | Runtime;

/** The export conditions each platform's own bundler uses (Bun's, Deno's, wrangler's). */
const CONDITIONS: Record<Target, string[]> = {
  node: ["node"],
  deno: ["deno", "node"],
  bun: ["bun", "node"],
  workerd: ["workerd", "worker", "browser"],
};

/**
 * Counts the keys `@gatehouse/argon2id` derives: core imports it through this wrapper, which adds one
 * to a global counter per call (read by runtime-hashing.ts). Core itself is bundled unchanged.
 */
function countJavaScriptDerivations(): Plugin {
  const wrapper = "\0gatehouse-e2e:counted-argon2id";
  const real = fileURLToPath(import.meta.resolve("@gatehouse/argon2id"));
  return {
    name: "count-javascript-argon2id",
    resolveId: (source) => (source === "@gatehouse/argon2id" ? wrapper : null),
    load: (id) =>
      id === wrapper
        ? [
            `import { argon2id as derive } from ${JSON.stringify(real)};`,
            `export { timingSafeEqual } from ${JSON.stringify(real)};`,
            `const key = Symbol.for(${JSON.stringify(JAVASCRIPT_DERIVATIONS.description)});`,
            "export function argon2id(parameters) {",
            "  globalThis[key] = (globalThis[key] ?? 0) + 1;",
            "  return derive(parameters);",
            "}",
          ].join("\n")
        : null,
  };
}

/**
 * Core's hashing bundled from the sources into one ES module for `target`: runtime-worker.ts (a
 * Worker) for workerd, runtime-script.ts (a program) for the others.
 */
export async function bundleHashing(target: Target): Promise<string> {
  const build = await rolldown({
    input: join(here, target === "workerd" ? "runtime-worker.ts" : "runtime-script.ts"),
    platform: target === "workerd" ? "browser" : "node",
    resolve: { conditionNames: ["gatehouse-source", ...CONDITIONS[target], "import", "default"] },
    plugins: [countJavaScriptDerivations()],
  });
  try {
    // One file, as deployed (a Worker is one module here); @gatehouse/argon2id is inlined.
    const { output } = await build.generate({ format: "esm", codeSplitting: false });
    const [chunk, ...rest] = output;
    if (chunk?.type !== "chunk" || rest.some((item) => item.type === "chunk")) {
      throw new Error("expected exactly one chunk");
    }
    return chunk.code;
  } finally {
    await build.close();
  }
}

/** A folder of its own under the system's temporary folder, removed by the returned function. */
function scratch(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-runtimes-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** How each runtime runs a program: no configuration file, no prompt, no update check, no telemetry. */
function command(target: Exclude<Target, "workerd">, file: string, dir: string) {
  const env = { ...cleanEnv(), NO_COLOR: "1" };
  if (target === "deno") {
    return {
      args: ["run", "--no-config", "--no-lock", "--no-prompt", file],
      env: { ...env, DENO_NO_UPDATE_CHECK: "1", DENO_DIR: join(dir, "deno-dir") },
    };
  }
  if (target === "bun") return { args: [file], env: { ...env, DO_NOT_TRACK: "1" } };
  return { args: [file], env };
}

/**
 * Runs runtime-script.ts's bundle (`code`) with `args` under `binary`, in an empty folder and with no
 * permissions asked for (Deno), and returns the JSON line it printed.
 */
export async function runScript(options: {
  target: Exclude<Target, "workerd">;
  binary: string;
  /** Options for the binary before the program (Node: `--import` …). */
  before?: string[];
  code: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
}): Promise<unknown> {
  const { dir, remove } = scratch();
  try {
    const file = join(dir, "hashing.mjs");
    writeFileSync(file, options.code);
    const { args, env } = command(options.target, file, dir);
    const child = spawn(options.binary, [...(options.before ?? []), ...args, ...options.args], {
      cwd: dir,
      env: { ...env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: options.timeoutMs,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const [status, signal] = await exited(child);
    if (status !== 0) {
      throw new Error(`${options.target} exited with ${status ?? signal}:\n${stderr}\n${stdout}`);
    }
    return JSON.parse(stdout.trim().split("\n").at(-1) ?? "");
  } finally {
    remove();
  }
}

function exited(child: ChildProcess): Promise<[number | null, NodeJS.Signals | null]> {
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (status, signal) => resolve([status, signal]));
  });
}

/** A Worker of the workerd config: a name, a compatibility date and any compatibility flags. */
export interface WorkerSpec {
  name: string;
  compatibilityDate: string;
  compatibilityFlags?: string[];
}

export interface Workerd {
  /** The workerd process. */
  pid: number;
  /** `http://127.0.0.1:<port>` of each Worker, by name. */
  origins: Map<string, string>;
  close(): Promise<void>;
}

/**
 * Starts `workerd serve` with one Worker per spec, each running runtime-worker.ts's bundle (`code`)
 * on a port of its own on 127.0.0.1 that workerd picks and reports on its control pipe.
 */
export async function startWorkerd(options: {
  binary: string;
  code: string;
  workers: WorkerSpec[];
  timeoutMs: number;
}): Promise<Workerd> {
  const { dir, remove } = scratch();
  writeFileSync(join(dir, "worker.js"), options.code);
  const list = (items: string[]) => items.map((item) => JSON.stringify(item)).join(", ");
  writeFileSync(
    join(dir, "config.capnp"),
    [
      'using Workerd = import "/workerd/workerd.capnp";',
      "const config :Workerd.Config = (",
      `  services = [${options.workers.map((w) => `(name = "${w.name}", worker = .${w.name})`).join(", ")}],`,
      `  sockets = [${options.workers
        .map((w) => `(name = "${w.name}", address = "127.0.0.1:0", http = (), service = "${w.name}")`)
        .join(", ")}],`,
      ");",
      ...options.workers.map((w) =>
        [
          `const ${w.name} :Workerd.Worker = (`,
          '  modules = [(name = "worker.js", esModule = embed "worker.js")],',
          `  compatibilityDate = "${w.compatibilityDate}",`,
          `  compatibilityFlags = [${list(w.compatibilityFlags ?? [])}],`,
          ");",
        ].join("\n"),
      ),
    ].join("\n"),
  );
  const child = spawn(options.binary, ["serve", join(dir, "config.capnp"), "--control-fd=3"], {
    cwd: dir,
    env: cleanEnv(),
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exit = exited(child);
      child.kill("SIGTERM");
      await exit;
    }
    remove();
  };
  const origins = new Map<string, string>();
  try {
    const control = child.stdio[3];
    if (!control || !("on" in control)) throw new Error("workerd has no control pipe");
    // One JSON line per event; {"event":"listen","socket":…,"port":…} for each socket.
    const lines = createInterface({ input: control as NodeJS.ReadableStream });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`workerd did not listen within ${options.timeoutMs} ms:\n${stderr}`)),
        options.timeoutMs,
      );
      child.once("exit", (status, signal) => {
        clearTimeout(timer);
        reject(new Error(`workerd exited with ${status ?? signal}:\n${stderr}`));
      });
      lines.on("line", (line) => {
        const event = JSON.parse(line) as { event?: string; socket?: string; port?: number };
        if (event.event !== "listen" || !event.socket || !event.port) return;
        origins.set(event.socket, `http://127.0.0.1:${event.port}`);
        if (origins.size === options.workers.length) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: child.pid ?? 0, origins, close: stop };
}
