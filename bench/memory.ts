/**
 * Where a server's memory goes under load: `node bench/memory.ts` (issue 12). Runs one row of the
 * GET-session table as `run.ts` does (its own process, the built packages, wrk from another process,
 * 50 connections) with `lib/memory-probe.ts` preloaded, and prints, idle and after each round: the
 * resident set from /proc (anonymous and file-backed), V8's heap by space, external memory, the CPU
 * the server spent per request and the share of it in GC; then its resident set by kind of mapping.
 *
 *   node bench/memory.ts                                   # gatehouse-jwt-distinct, default flags
 *   node bench/memory.ts --node-flags=--max-semi-space-size=8 --env MALLOC_ARENA_MAX=2
 *   node bench/memory.ts --row gatehouse-node-jwt-distinct --rounds 3
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { MemorySample } from "./lib/memory-probe.ts";
import { freePort, startServer, withoutSourceCondition } from "./lib/server-process.ts";
import { serverSpecs } from "./lib/servers.ts";
import { ensureWrk, runWrk } from "./lib/wrk.ts";

const { values: args } = parseArgs({
  options: {
    row: { type: "string", default: "gatehouse-jwt-distinct" },
    rounds: { type: "string", default: "2" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    /** Extra node flags for the server, space-separated. */
    "node-flags": { type: "string", default: "" },
    /** Extra environment for the server, `NAME=value`, repeatable (e.g. MALLOC_ARENA_MAX=2). */
    env: { type: "string", multiple: true, default: [] },
    /** Run Gatehouse from its TypeScript sources instead of building and running dist/. */
    source: { type: "boolean", default: false },
    /** dist/ is already built from this tree: skip `npm run build`. */
    "no-build": { type: "boolean", default: false },
  },
});

const here = new URL(".", import.meta.url).pathname;
const MB = 1024 * 1024;
const spec = serverSpecs({ distinctSessions: 20_000 }).find((s) => s.id === args.row);
if (!spec) throw new TypeError(`--row ${args.row}: no such row in bench/lib/servers.ts`);
if (spec.postgres) throw new TypeError(`--row ${args.row}: PostgreSQL rows are not supported here`);

ensureWrk();
if (!args.source && !args["no-build"]) {
  const built = spawnSync(process.execPath, [join(here, "..", "scripts", "build.ts")], { stdio: "inherit" });
  if (built.status !== 0) throw new Error(`npm run build failed (exit ${built.status ?? built.signal})`);
}
const extraEnv = Object.fromEntries(
  args.env.map((pair) => {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new TypeError(`--env ${pair}: use NAME=value`);
    return [pair.slice(0, eq), pair.slice(eq + 1)];
  }),
);
const nodeFlags = args["node-flags"].split(" ").filter(Boolean);
const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-memory-"));
const probeFile = join(dataDir, "memory.jsonl");
const server = await startServer({
  script: join(here, spec.script),
  port: await freePort(),
  dataDir,
  nodeArgs: [`--import=${join(here, "lib", "memory-probe.ts")}`, ...nodeFlags],
  env: {
    ...spec.env,
    ...extraEnv,
    BENCH_MEMORY_PROBE: probeFile,
    // As run.ts: without the source condition, @gatehouse/* resolve to dist/.
    ...(args.source ? {} : { NODE_OPTIONS: withoutSourceCondition(process.env.NODE_OPTIONS) }),
  },
});
try {
  const { ready } = server;
  const check = await fetch(ready.url, { headers: { cookie: ready.cookie } });
  if (!(await check.text()).includes(ready.expect)) throw new Error(`${spec.id}: not signed in`);
  console.log(
    `${spec.id}${nodeFlags.length ? ` (node ${nodeFlags.join(" ")})` : ""}${args.env.length ? ` (${args.env.join(" ")})` : ""}`,
  );
  console.log(`start-up ${server.startupMs.toFixed(0)} ms`);
  await settle();
  console.log(`idle      ${describe(server.pid)}`);
  const load = {
    url: ready.url,
    cookie: ready.cookie,
    ...(spec.distinctSessions && ready.cookiesFile ? { cookiesFile: ready.cookiesFile } : {}),
    connections: Number(args.connections),
    threads: 2,
    scratchDir: dataDir,
  };
  await runWrk({ ...load, seconds: 3 });
  let peak = 0;
  for (let round = 1; round <= Number(args.rounds); round++) {
    const before = { cpuMs: cpuMs(server.pid), gc: lastSample() };
    const sampler = setInterval(() => {
      peak = Math.max(peak, server.rssMb());
    }, 100);
    const result = await runWrk({ ...load, seconds: Number(args.seconds) });
    clearInterval(sampler);
    const cpu = cpuMs(server.pid) - before.cpuMs;
    await settle();
    const after = lastSample();
    const requests = result.requestsPerSecond * Number(args.seconds);
    const gcMs = after.gcMs - before.gc.gcMs;
    console.log(
      `round ${round}   ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms, ${result.failures} failed; ` +
        `${((cpu * 1000) / requests).toFixed(0)} µs CPU per request, ${((gcMs / cpu) * 100).toFixed(1)}% of it in GC (${after.gcCount - before.gc.gcCount} GCs)`,
    );
    console.log(`          ${describe(server.pid)}`);
  }
  console.log(`peak      ${peak.toFixed(0)} MB RSS (sampled every 100 ms during the rounds)`);
  console.log(`mappings  ${mappings(server.pid)}`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Lets a probe sample land (it writes every 250 ms). */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 600));
}

function lastSample(): MemorySample {
  const lines = readFileSync(probeFile, "utf8").trim().split("\n");
  return JSON.parse(lines.at(-1)!) as MemorySample;
}

/** Server CPU time so far, all threads (the thread pool's crypto included), ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

function describe(pid: number): string {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  const s = lastSample();
  const space = (name: string) => s.spaces[name] ?? [0, 0];
  const mb = (bytes: number) => (bytes / MB).toFixed(0);
  return [
    `RSS ${(kb("VmRSS") / 1024).toFixed(0)} MB (anon ${(kb("RssAnon") / 1024).toFixed(0)}, file ${(kb("RssFile") / 1024).toFixed(0)})`,
    `V8 heap ${mb(s.heapTotal)} committed / ${mb(s.v8Physical)} resident / ${mb(s.heapUsed)} used`,
    `[new ${mb(space("new_space")[0])}, old ${mb(space("old_space")[0])}/${mb(space("old_space")[1])} used, code ${mb(space("code_space")[0])}, large ${mb(space("large_object_space")[0])}]`,
    `external ${mb(s.external)} (array buffers ${mb(s.arrayBuffers)})`,
  ].join("; ");
}

/**
 * The resident set by kind of mapping, from /proc/<pid>/smaps. Which allocator owns an anonymous
 * mapping is not recorded; its size tells most of it on Linux x64: V8 heap pages are 256 KB, glibc's
 * main malloc arena is `[heap]`, its per-thread arenas and the threads' stacks are 1–64 MB.
 */
function mappings(pid: number): string {
  const groups = new Map<string, number>();
  let group = "";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const kb = (Number.parseInt(head[2]!, 16) - Number.parseInt(head[1]!, 16)) / 1024;
      const path = head[3]!.trim();
      group = path.startsWith("/")
        ? path === process.execPath || path.endsWith("/bin/node")
          ? "node binary"
          : "other files"
        : path !== ""
          ? path
          : kb <= 1024 && kb >= 256
            ? "anon 256 KB–1 MB (V8 pages)"
            : kb > 1024 && kb < 65536
              ? "anon 1–64 MB (thread arenas, stacks)"
              : "anon, other sizes";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) groups.set(group, (groups.get(group) ?? 0) + Number(rss[1]));
  }
  return [...groups]
    .sort((a, b) => b[1] - a[1])
    .filter(([, kb]) => kb >= 1024)
    .map(([name, kb]) => `${name} ${(kb / 1024).toFixed(0)} MB`)
    .join("; ");
}
