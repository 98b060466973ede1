/**
 * The contract between the benchmark runner and a server under test. A server is a script run as
 * its own process (`node bench/servers/<name>.ts`) with these environment variables:
 *
 * - `PORT`: the port to listen on, on 127.0.0.1;
 * - `BENCH_DATA_DIR`: an empty directory of its own for database files, removed after the run;
 * - `DATABASE_URL`: for servers on PostgreSQL, a URL with a schema of their own (`?schema=`).
 *
 * Once it listens and holds a signed-in session, it prints one line to stdout with `announceReady`.
 * The runner then GETs `url` with `cookie`, checks that the body contains `expect`, keeps any cookie
 * the answer sets (as a browser would), and loads `url` with the resulting Cookie header.
 */
export interface ReadyLine {
  /** Absolute URL of GET session, e.g. `http://127.0.0.1:4000/api/auth/session`. */
  url: string;
  /** The Cookie header a signed-in browser sends. */
  cookie: string;
  /** A string the session body must contain when the cookie is valid (e.g. the user's email). */
  expect: string;
  /** Name and exact version of the framework answering, for the results table. */
  version: string;
  /**
   * Optional: a file with one Cookie header per line, each a different signed-in session. The
   * runner then sends them in turn, so no two consecutive requests carry the same session.
   */
  cookiesFile?: string;
}

const PREFIX = "BENCH_READY ";

export function announceReady(line: ReadyLine): void {
  process.stdout.write(`${PREFIX}${JSON.stringify(line)}\n`);
}

/** Parses a ready line, or null for any other output line. */
export function parseReadyLine(text: string): ReadyLine | null {
  if (!text.startsWith(PREFIX)) return null;
  const value: unknown = JSON.parse(text.slice(PREFIX.length));
  if (typeof value !== "object" || value === null) return null;
  const { url, cookie, expect, version, cookiesFile } = value as Record<string, unknown>;
  if (typeof url !== "string" || typeof cookie !== "string" || typeof expect !== "string") return null;
  return {
    url,
    cookie,
    expect,
    version: typeof version === "string" ? version : "unknown",
    ...(typeof cookiesFile === "string" ? { cookiesFile } : {}),
  };
}

/** The port from the environment; a server started by hand defaults to 4000. */
export function benchPort(): number {
  return Number(process.env.PORT ?? 4000);
}
