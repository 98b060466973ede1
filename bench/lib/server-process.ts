import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import { parseReadyLine, type ReadyLine } from "./ready.ts";

/** A server under test, running as its own process. */
export interface RunningServer {
  ready: ReadyLine;
  pid: number;
  /** From spawn to the first answer to GET `url` (no cookie), ms. */
  startupMs: number;
  /** Resident set size now, MB (from /proc). */
  rssMb(): number;
  /** CPU time the process has used so far, every thread of it, user and system, seconds (from /proc). */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/**
 * Starts `node <script>` with the benchmark contract's environment and waits for its ready line
 * (at most `timeoutMs`). Meanwhile it polls the session URL, so start-up time is measured to the
 * first answer, before any sign-in or seeding the script does afterwards.
 */
export async function startServer(options: {
  script: string;
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  /** Extra flags for node, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** The `node` binary; this process's unless given. */
  node?: string;
  timeoutMs?: number;
}): Promise<RunningServer> {
  const started = performance.now();
  const child = spawn(options.node ?? process.execPath, [...(options.nodeArgs ?? []), options.script], {
    env: {
      ...process.env,
      ...options.env,
      PORT: String(options.port),
      BENCH_DATA_DIR: options.dataDir,
      NODE_ENV: "development",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const firstAnswer = pollFirstAnswer(`http://127.0.0.1:${options.port}/`, child).then(
    () => performance.now() - started,
  );
  try {
    const ready = await waitForReady(child, options.timeoutMs ?? 120_000, () => stderr);
    const startupMs = await firstAnswer;
    const pid = child.pid!;
    return {
      ready,
      pid,
      startupMs,
      rssMb: () => rssOf(pid),
      cpuSeconds: () => cpuSecondsOf(pid),
      stop: () => stop(child),
    };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

function waitForReady(child: ChildProcess, timeoutMs: number, stderr: () => string): Promise<ReadyLine> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ready line in ${timeoutMs} ms\n${stderr()}`)),
      timeoutMs,
    );
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (text) => {
      const ready = parseReadyLine(text);
      if (!ready) return;
      clearTimeout(timer);
      resolve(ready);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it was ready\n${stderr()}`));
    });
  });
}

/** Any HTTP answer at all means the server is up (a 404 on `/` included). */
async function pollFirstAnswer(url: string, child: ChildProcess): Promise<void> {
  while (child.exitCode === null) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.body?.cancel();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Clock ticks per second of /proc/<pid>/stat's times (`getconf CLK_TCK`; 100 on Linux). */
let ticksPerSecond: number | null = null;

function cpuSecondsOf(pid: number): number {
  ticksPerSecond ??= Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
  // Fields after the command (which is in brackets and may hold spaces): utime and stime are the 12th
  // and 13th of them (fields 14 and 15 of proc(5)).
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

/** A port nothing listens on right now: bind port 0 on 127.0.0.1, read it, close. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** NODE_OPTIONS without the gatehouse-source condition: @gatehouse/* then resolve to dist/, as installed. */
export function withoutSourceCondition(options: string | undefined): string {
  return (options ?? "").replace(/--conditions[= ]gatehouse-source|-C[= ]?gatehouse-source/g, "").trim();
}
