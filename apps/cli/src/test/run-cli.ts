// Test helpers: the CLI as a child process, the way a person or a script runs it.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ENTRY = new URL("../bin.ts", import.meta.url).pathname;

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `gatehouse <args>` from source with this Node, in `cwd`, with only PATH, HOME, NODE_ENV and `env` in its
 * environment (so a DATABASE_URL of the machine never leaks in). The workspace packages are loaded
 * from source, as everywhere in this repository (the gatehouse-source export condition).
 */
export function runCli(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<CliRun> {
  const child = spawn(process.execPath, ["--conditions=gatehouse-source", ENTRY, ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: process.env.NODE_ENV,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** A temporary directory, removed (with SQLite's -wal/-shm files) by `remove`. */
export function tempDir(prefix = "gatehouse-cli-"): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Parses the one JSON document a `--json` run printed, failing with its stderr when there is none. */
export function jsonOf(run: CliRun): unknown {
  try {
    return JSON.parse(run.stdout);
  } catch {
    throw new Error(`no JSON on stdout (exit ${run.status}): ${run.stdout}${run.stderr}`);
  }
}
