// The real web app (`apps/web/src/server/main.ts`, what `npm start` runs) in a child process of its
// own, so that a crash is an exit of that process, seen by the test, and not the test's own death.
import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const MAIN = join(root, "apps", "web", "src", "server", "main.ts");

/** A running web app process. */
export interface WebAppProcess {
  /** `http://localhost:<port>`. */
  url: string;
  /** The port it listens on (127.0.0.1). */
  port: number;
  /** The demo account and this start's password (development mode). */
  demo: { email: string; password: string };
  /** Everything it wrote, stdout and stderr, line by line. */
  log: string[];
  /** How it ended, or null while it runs. */
  exit(): { code: number | null; signal: string | null } | null;
  /** SIGTERM, then SIGKILL after 5 s; resolves once it is gone. */
  stop(): Promise<void>;
}

/**
 * Starts the app in development mode on a free port with `env` (DATABASE_URL and the like) on top of
 * a clean environment: PATH only, so nothing of the developer's shell (a DATABASE_URL, an SMTP_URL)
 * leaks in. AUTH_SECRET is set, so no development secret is written under apps/web/.data.
 *
 * @example const app = await startWebAppProcess({ DATABASE_URL: "postgres://…" });
 */
export async function startWebAppProcess(env: Record<string, string>): Promise<WebAppProcess> {
  const child = spawn(process.execPath, ["--conditions=gatehouse-source", MAIN], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: "0",
      HOST: "127.0.0.1",
      AUTH_SECRET: "reliability-suite-secret-0123456789abcdef",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  let ended: { code: number | null; signal: string | null } | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      ended = { code, signal };
      resolve();
    }),
  );
  collectLines(child, log);

  const started = await waitForLine(log, exited, /^Gatehouse web app on (http:\/\/localhost:(\d+))$/, 60_000);
  const demo = /^demo account: (\S+) \/ (\S+)$/.exec(
    log.find((line) => line.startsWith("demo account:")) ?? "",
  );
  if (!started || !demo) {
    child.kill("SIGKILL");
    throw new Error(`the web app did not start:\n${log.join("\n")}`);
  }
  return {
    url: started[1] as string,
    port: Number(started[2]),
    demo: { email: demo[1] as string, password: demo[2] as string },
    log,
    exit: () => ended,
    async stop() {
      if (ended) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function collectLines(child: ChildProcess, log: string[]): void {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      log.push(...lines);
    });
  }
}

/** The first log line matching `pattern`, or null once the process exited or `ms` passed. */
async function waitForLine(
  log: string[],
  exited: Promise<void>,
  pattern: RegExp,
  ms: number,
): Promise<RegExpExecArray | null> {
  let gone = false;
  exited.then(() => (gone = true));
  const until = Date.now() + ms;
  while (!gone && Date.now() < until) {
    for (const line of log) {
      const match = pattern.exec(line);
      if (match) return match;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}
