/**
 * CPU time per GET session, measured in-process: `node bench/cpu-per-request.ts [--json] [--record]`.
 * `--record` writes the figures to bench/cpu-recorded.json, the run CI's smoke test compares with.
 *
 * wrk's requests per second move with everything else the machine runs; the CPU this process spends
 * per request moves much less, so this is the figure to compare two builds with on a busy machine
 * (and the one CI prints, beside the last recorded run, to make a loss on the hot path visible). Each
 * configuration signs in once through the real endpoints, then calls `auth.handler` with the signed-in
 * cookie in batches of 16 concurrent requests; the figure is `process.cpuUsage()` (user + system) per
 * request, the median of several rounds after a warm-up. The baseline row builds the same `Request`
 * and a `Response` with a fixed JSON body and no Gatehouse: what any handler on Web standards pays,
 * so `baseline / row` is comparable with the wrk table's "× ceiling".
 *
 * Rows: jwt (cookie only), jwt with users stored on node:sqlite, database sessions on node:sqlite,
 * and jwt with another session on every request (`DISTINCT` sessions signed in first, taken in turn:
 * every read decrypts, as the wrk table's "another session on every request" row).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Credentials, gatehouse } from "@gatehouse/core";
import { signInWithCredentials } from "./lib/sign-in.ts";
import { median } from "./lib/stats.ts";

const { values: args } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    requests: { type: "string", default: "20000" },
    rounds: { type: "string", default: "5" },
    record: { type: "boolean", default: false },
    /** One configuration only (`jwt`, `jwt-sqlite`, `sqlite` or `jwt-distinct`), e.g. under `--cpu-prof`. */
    only: { type: "string" },
  },
});

const REQUESTS = Number(args.requests);
const ROUNDS = Number(args.rounds);
const BATCH = 16;
/** Sessions of the jwt-distinct row: more than the verified-token cache keeps (10,000). */
const DISTINCT = 12_000;
const AUTH_URL = "http://127.0.0.1:3000/api/auth";
const SESSION_URL = `${AUTH_URL}/session`;
const user = { id: "bench-user", name: "Bench User", email: "bench@example.com" };

type Handler = (request: Request) => Promise<Response>;

/** One measured configuration: µs of CPU per request (median of the rounds) and every round. */
export interface CpuRow {
  id: string;
  microsPerRequest: number;
  rounds: number[];
}

async function measure(handler: Handler, cookies: string[], expect: string | null): Promise<number[]> {
  const check = await (await handler(request(cookies[0]!))).text();
  if (expect !== null && !check.includes(expect))
    throw new Error(`GET session did not return the user: ${check}`);
  await load(handler, cookies, Math.min(REQUESTS, 5_000)); // warm-up: compile the hot path
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const before = process.cpuUsage();
    await load(handler, cookies, REQUESTS);
    const used = process.cpuUsage(before);
    rounds.push((used.user + used.system) / REQUESTS);
  }
  return rounds;
}

/** Where the next request's cookie is taken from (the rows with one session use it every time). */
let turn = 0;

async function load(handler: Handler, cookies: string[], count: number): Promise<void> {
  for (let done = 0; done < count; done += BATCH) {
    const batch: Promise<void>[] = [];
    for (let i = 0; i < BATCH; i++) {
      const cookie = cookies[turn++ % cookies.length]!;
      batch.push(handler(request(cookie)).then((r) => r.text().then(() => {})));
    }
    await Promise.all(batch);
  }
}

function request(cookie: string): Request {
  return new Request(SESSION_URL, { headers: { cookie, accept: "application/json" } });
}

const BASELINE_BODY = { user: { ...user, image: null }, expires: "2026-12-27T00:00:00.000Z" };
const baseline: Handler = async (req) => {
  req.headers.get("cookie");
  return new Response(JSON.stringify(BASELINE_BODY), {
    headers: { "content-type": "application/json", "cache-control": "private, no-cache, no-store" },
  });
};

async function gatehouseRow(
  store: "jwt" | "jwt-sqlite" | "sqlite" | "jwt-distinct",
  dir: string,
): Promise<number[]> {
  let adapter: import("@gatehouse/sql").SqlAdapter | undefined;
  if (store !== "jwt" && store !== "jwt-distinct") {
    const { createSqlAdapter, migrate } = await import("@gatehouse/sql");
    adapter = createSqlAdapter({ url: `sqlite:${join(dir, `${store}.db`)}` });
    await migrate(adapter.db);
  }
  const auth = gatehouse({
    secret: "bench-secret-bench-secret-bench-secret-0123456789",
    url: AUTH_URL,
    ...(adapter ? { adapter, session: { strategy: store === "jwt-sqlite" ? "jwt" : "database" } } : {}),
    // Thousands of sign-ins from one address in a second: the limiter would rightly refuse them.
    ...(store === "jwt-distinct" ? { rateLimit: false as const } : {}),
    providers: [
      Credentials({
        credentials: { username: { label: "User name" }, password: { label: "Password", type: "password" } },
        authorize: (c) => (c.username === "bench" && c.password === "bench" ? user : null),
      }),
    ],
  });
  const handler: Handler = (req) => auth.handler(req, { clientAddress: "127.0.0.1" });
  const signIn = () =>
    signInWithCredentials({
      authUrl: AUTH_URL,
      username: "bench",
      password: "bench",
      fetch: (url, init) => handler(new Request(url, init)),
    });
  const cookies: string[] = [];
  for (let i = 0; i < (store === "jwt-distinct" ? DISTINCT : 1); i++) cookies.push(await signIn());
  try {
    return await measure(handler, cookies, user.email);
  } finally {
    await adapter?.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), "gatehouse-cpu-"));
const rows: CpuRow[] = [];
try {
  const add = (id: string, rounds: number[]) => rows.push({ id, microsPerRequest: median(rounds), rounds });
  add("baseline", await measure(baseline, ["a=b"], null));
  for (const store of ["jwt", "jwt-sqlite", "sqlite", "jwt-distinct"] as const) {
    if (args.only === undefined || args.only === store)
      add(`gatehouse-${store}`, await gatehouseRow(store, dir));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (args.record) {
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const recorded = {
    commit,
    date: new Date().toISOString().slice(0, 10),
    requests: REQUESTS,
    rounds: ROUNDS,
    rows,
  };
  writeFileSync(new URL("cpu-recorded.json", import.meta.url), `${JSON.stringify(recorded, null, 2)}\n`);
}

if (args.json) {
  console.log(JSON.stringify(rows));
} else {
  const base = rows[0]?.microsPerRequest ?? 1;
  console.log(`GET session, CPU µs per request (median of ${ROUNDS} rounds of ${REQUESTS}), in-process:`);
  for (const row of rows) {
    const rounds = row.rounds.map((r) => r.toFixed(1)).join(" / ");
    console.log(
      `${row.id.padEnd(22)} ${row.microsPerRequest.toFixed(1).padStart(7)} µs   baseline/row ${(base / row.microsPerRequest).toFixed(3)}   rounds ${rounds}`,
    );
  }
}
