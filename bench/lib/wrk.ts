import { execFileSync, spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** One load round's figures. */
export interface LoadRound {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx, plus socket errors and timeouts: must be 0 for a valid round. */
  failures: number;
}

/** The load generator: Debian's `wrk`, installed on first use when this process may run apt-get. */
export function ensureWrk(): string {
  if (spawnSync("wrk", ["-v"]).error === undefined) return wrkVersion();
  if (process.getuid?.() !== 0) {
    throw new Error("wrk is not installed: `sudo apt-get install wrk` (Debian's package), then run again");
  }
  console.error("installing wrk (apt-get install wrk)…");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "ignore" });
  execFileSync("apt-get", ["install", "-y", "-qq", "wrk"], {
    stdio: "ignore",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return wrkVersion();
}

function wrkVersion(): string {
  const result = spawnSync("wrk", ["-v"], { encoding: "utf8" });
  return /wrk\s+([\w.-]+)/.exec(`${result.stdout}${result.stderr}`)?.[1] ?? "unknown";
}

/**
 * Loads `url` for `seconds` with keep-alive connections. With `cookiesFile` each request carries
 * the next Cookie header of the file (a Lua script rotates them), else every request sends `cookie`.
 */
export async function runWrk(options: {
  url: string;
  cookie: string;
  cookiesFile?: string;
  seconds: number;
  connections: number;
  threads: number;
  scratchDir: string;
}): Promise<LoadRound> {
  const args = [
    `-t${options.threads}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    "--latency",
    "--timeout",
    "5s",
  ];
  if (options.cookiesFile) args.push("-s", rotatingCookiesScript(options.cookiesFile, options.scratchDir));
  else if (options.cookie) args.push("-H", `Cookie: ${options.cookie}`);
  args.push(options.url);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}: ${text}`)),
    );
  });
  return parseWrk(output);
}

/** Reads wrk's `--latency` report. */
export function parseWrk(output: string): LoadRound {
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(output)?.[1];
  const p50 = /^\s+50%\s+([\d.]+)(us|ms|s)\s*$/m.exec(output);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(output);
  if (!rate || !p50 || !p99) throw new Error(`cannot read wrk's report:\n${output}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requestsPerSecond: Number(rate),
    p50Ms: toMs(p50[1]!, p50[2]!),
    p99Ms: toMs(p99[1]!, p99[2]!),
    failures: non2xx + socketErrors,
  };
}

function toMs(value: string, unit: string): number {
  const n = Number(value);
  return unit === "us" ? n / 1000 : unit === "s" ? n * 1000 : n;
}

function rotatingCookiesScript(cookiesFile: string, dir: string): string {
  const path = join(dir, "rotate-cookies.lua");
  writeFileSync(
    path,
    `-- Every request carries the next session's Cookie header (each wrk thread starts at its own offset).
local cookies = {}
for line in io.lines(${JSON.stringify(cookiesFile)}) do
  if #line > 0 then cookies[#cookies + 1] = line end
end
local i = 0
function setup(thread) i = i + 1; thread:set("offset", i * 7919) end
function init(args) i = tonumber(wrk.thread:get("offset")) or 0 end
function request()
  i = i + 1
  return wrk.format(nil, nil, { ["Cookie"] = cookies[(i % #cookies) + 1] })
end
`,
  );
  return path;
}
