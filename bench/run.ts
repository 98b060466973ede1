/**
 * The benchmark, in one command: `npm run bench` (full run, writes bench/RESULTS.md) or
 * `npm run bench -- --smoke` (a few seconds per server, for CI; writes to a temp file unless --out).
 *
 * Each server runs as its own process on 127.0.0.1, in turn: started, checked (its session cookie
 * must really return the user), warmed up, loaded by wrk from a separate process for N rounds,
 * probed for revocation, stopped. Then password sign-ins, Gatehouse beside Better Auth: each server
 * in turn again, loaded with fresh sign-ins from this process. Then the other figures: session lookup
 * at scale, a sign-in round trip through a local OpenID provider, the React client's size. Speed is
 * reported, never asserted.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createPostgresTestSchema, type PostgresTestSchema } from "@gatehouse/adapter-conformance";
import { NODE_22, node22 } from "../e2e/packaging/node-runtimes.ts";
import { measureClientSize } from "./figures/client-size.ts";
import { measureSessionScale } from "./figures/session-scale.ts";
import { measureSignInRoundTrip } from "./figures/sign-in-round-trip.ts";
import { hotFunctions } from "./lib/cpu-profile.ts";
import { machineInfo } from "./lib/machine.ts";
import { passwordUser, signInWithPassword } from "./lib/password-sign-in.ts";
import { keptMemorySection, renderProfiles, type ServerProfile } from "./lib/profile-report.ts";
import { type LoadRow, renderResults, type SignInRow } from "./lib/report.ts";
import { revokedImmediately } from "./lib/revocation.ts";
import { freePort, startServer, withoutSourceCondition } from "./lib/server-process.ts";
import { type ServerSpec, type SignInSpec, serverSpecs, signInSpecs } from "./lib/servers.ts";
import { cookieHeader, keepCookies, parseCookieHeader } from "./lib/sign-in.ts";
import { runSignInLoad, type SignInRound } from "./lib/sign-in-load.ts";
import { median } from "./lib/stats.ts";
import { ensureWrk, type LoadRound, runWrk } from "./lib/wrk.ts";

const { values: args } = parseArgs({
  options: {
    smoke: { type: "boolean", default: false },
    rounds: { type: "string" },
    seconds: { type: "string" },
    only: { type: "string" },
    out: { type: "string" },
    "skip-figures": { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    /** Run Gatehouse from its TypeScript sources instead of the built packages (the smoke run does). */
    source: { type: "boolean", default: false },
    /** Extra node flags for every server process, e.g. `--node-flags=--max-semi-space-size=8` (memory). */
    "node-flags": { type: "string", default: "" },
  },
});

const smoke = args.smoke;
const plan = {
  rounds: Number(args.rounds ?? (smoke ? 1 : 3)),
  seconds: Number(args.seconds ?? (smoke ? 1 : 10)),
  warmupSeconds: smoke ? 1 : 3,
  connections: 50,
  threads: 2,
  distinctSessions: smoke ? 100 : 20_000,
  scaleSizes: smoke ? [1_000] : [1_000, 1_000_000, 10_000_000],
  scaleLookups: smoke ? 200 : 20_000,
  signIns: smoke ? 3 : 200,
  // Password hashing is CPU-bound: a few sign-ins in flight per core keep every core busy; more
  // would only queue. The smoke run makes a handful of sign-ins per server, no more.
  signInConcurrency: smoke ? 2 : 8,
  maxSignIns: smoke ? 4 : null,
  aloneSignIns: smoke ? 2 : 30,
  // What users run is the built JavaScript; the smoke run (in npm test, beside the packaging tests
  // that build dist/ themselves) stays on the sources.
  built: !smoke && !args.source,
  nodeFlags: args["node-flags"].split(" ").filter(Boolean),
};
const here = new URL(".", import.meta.url).pathname;
const out = args.out ?? (smoke ? join(tmpdir(), "gatehouse-bench-smoke.md") : join(here, "RESULTS.md"));
const log = (line: string) => console.error(line);

const wrk = ensureWrk();
if (plan.built) buildPackages();
const postgres = await createPostgresTestSchema("gh_bench");
if (!postgres.ok) {
  if (process.env.CI) throw new Error(`${postgres.reason} (CI is set: the PostgreSQL rows must run)`);
  log(`PostgreSQL rows skipped: ${postgres.reason}`);
}
const scratch = mkdtempSync(join(tmpdir(), "gatehouse-bench-"));
const rows: LoadRow[] = [];
const signIns: SignInRow[] = [];
const notMeasured: { id: string; reason: string }[] = [];
const profiles: ServerProfile[] = [];
try {
  const chosen = (spec: { id: string }) => !args.only || args.only.split(",").includes(spec.id);
  for (const spec of serverSpecs(plan).filter(chosen)) {
    if (spec.postgres && !postgres.ok) continue;
    rows.push(await measureServer(spec, postgres.ok ? postgres.value : null));
  }
  for (const spec of signInSpecs().filter(chosen)) {
    const runtime = spec.node22 ? node22OrReason() : { binary: process.execPath };
    if ("reason" in runtime) {
      log(`${spec.id}: not measured: ${runtime.reason}`);
      notMeasured.push({ id: spec.id, reason: runtime.reason });
    } else signIns.push(await measureSignIns(spec, runtime.binary));
  }
  const figures = args["skip-figures"]
    ? null
    : {
        scale: await measureSessionScale({
          sizes: plan.scaleSizes,
          lookups: plan.scaleLookups,
          dataDir: scratch,
          postgresUrl: postgres.ok ? postgres.value.url : null,
          log,
        }),
        signIn: await measureSignInRoundTrip({ signIns: plan.signIns, log }),
        clientSize: await measureClientSize(),
      };
  const machine = await machineInfo({ wrk, postgresUrl: postgres.ok ? postgres.value.url : null });
  writeFileSync(out, renderResults({ machine, plan, rows, signIns, notMeasured, figures, smoke }));
  log(`wrote ${out}`);
  if (args.profile) {
    const profileOut = smoke ? `${out.replace(/\.md$/, "")}-profile.md` : join(here, "PROFILE.md");
    const kept = existsSync(profileOut) ? keptMemorySection(readFileSync(profileOut, "utf8")) : "";
    writeFileSync(profileOut, `${renderProfiles(profiles, plan)}${kept}`);
    log(`wrote ${profileOut}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
  if (postgres.ok) await postgres.value.drop();
}

async function measureServer(spec: ServerSpec, pg: PostgresTestSchema | null): Promise<LoadRow> {
  const dataDir = mkdtempSync(join(scratch, `${spec.id}-`));
  const server = await startServer({
    script: join(here, spec.script),
    port: await freePort(),
    dataDir,
    nodeArgs: [...plan.nodeFlags, ...(args.profile ? ["--cpu-prof", `--cpu-prof-dir=${dataDir}`] : [])],
    env: {
      ...spec.env,
      ...(spec.postgres && pg ? { DATABASE_URL: pg.url } : {}),
      ...builtEnv(),
    },
  });
  try {
    const { ready } = server;
    const cookie = await checkedCookie(ready.url, ready.cookie, ready.expect, spec.id);
    const rssIdleMb = server.rssMb();
    const load = {
      url: ready.url,
      cookie,
      ...(spec.distinctSessions && ready.cookiesFile ? { cookiesFile: ready.cookiesFile } : {}),
      connections: plan.connections,
      threads: plan.threads,
      scratchDir: dataDir,
    };
    log(`${spec.id}: warming up`);
    await runWrk({ ...load, seconds: plan.warmupSeconds });
    const rounds: LoadRound[] = [];
    let rssLoadMb = 0;
    for (let round = 0; round < plan.rounds; round++) {
      const sampler = setInterval(() => {
        rssLoadMb = Math.max(rssLoadMb, server.rssMb());
      }, 100);
      try {
        rounds.push(await runWrk({ ...load, seconds: plan.seconds }));
      } finally {
        clearInterval(sampler);
      }
      const last = rounds.at(-1)!;
      log(`${spec.id}: round ${round + 1}: ${Math.round(last.requestsPerSecond)} req/s`);
      if (last.failures > 0) throw new Error(`${spec.id}: ${last.failures} failed requests in a round`);
    }
    const revoked = spec.signOut
      ? await revokedImmediately({ kind: spec.signOut, sessionUrl: ready.url, cookie, expect: ready.expect })
      : null;
    return {
      id: spec.id,
      label: spec.label,
      version: ready.version,
      requestsPerSecond: median(rounds.map((r) => r.requestsPerSecond)),
      rounds: rounds.map((r) => r.requestsPerSecond),
      p50Ms: median(rounds.map((r) => r.p50Ms)),
      p99Ms: median(rounds.map((r) => r.p99Ms)),
      rssIdleMb,
      rssLoadMb,
      startupMs: server.startupMs,
      revoked,
    };
  } finally {
    await server.stop();
    if (args.profile) profiles.push({ id: spec.id, label: spec.label, ...hotFunctions(dataDir, 25) });
  }
}

/**
 * Password sign-ins against one server: started (its script signs in once over HTTP before it says
 * ready), warmed up, then loaded with new sign-ins for the rounds, then sign-ins one at a time.
 */
async function measureSignIns(spec: SignInSpec, node: string): Promise<SignInRow> {
  const dataDir = mkdtempSync(join(scratch, `${spec.id}-`));
  const server = await startServer({
    script: join(here, spec.script),
    port: await freePort(),
    dataDir,
    // Node 22.16 runs a .ts file only with the flag (on by default from 22.18).
    nodeArgs: [
      ...(spec.node22 ? ["--experimental-strip-types", "--no-warnings=ExperimentalWarning"] : []),
      ...plan.nodeFlags,
    ],
    env: { ...builtEnv(), ...spec.env },
    node,
  });
  try {
    const { ready } = server;
    await checkedCookie(ready.url, ready.cookie, ready.expect, spec.id);
    const authUrl = ready.url.slice(0, ready.url.lastIndexOf("/"));
    const signIn = () => signInWithPassword({ protocol: spec.protocol, authUrl, ...passwordUser });
    const load = {
      signIn,
      concurrency: plan.signInConcurrency,
      ...(plan.maxSignIns !== null ? { maxSignIns: plan.maxSignIns } : {}),
    };
    log(`${spec.id}: warming up`);
    await runSignInLoad({ ...load, seconds: plan.warmupSeconds });
    const rounds: SignInRound[] = [];
    const cpuBefore = server.cpuSeconds();
    for (let round = 0; round < plan.rounds; round++) {
      rounds.push(await runSignInLoad({ ...load, seconds: plan.seconds }));
      const last = rounds.at(-1)!;
      log(`${spec.id}: round ${round + 1}: ${last.signInsPerSecond.toFixed(1)} sign-ins/s (${last.signIns})`);
    }
    // The server's own CPU time per sign-in: what other processes on a shared machine barely change.
    const cpuMsPerSignIn =
      ((server.cpuSeconds() - cpuBefore) * 1000) / rounds.reduce((sum, r) => sum + r.signIns, 0);
    const alone = await runSignInLoad({
      signIn,
      concurrency: 1,
      seconds: Number.POSITIVE_INFINITY,
      maxSignIns: plan.aloneSignIns,
    });
    // The last session of the load must really be signed in, as the first one was.
    const { cookie } = await signIn();
    await checkedCookie(ready.url, cookie, ready.expect, spec.id);
    return {
      id: spec.id,
      label: spec.label,
      version: ready.version,
      hash: spec.hash,
      signInsPerSecond: median(rounds.map((r) => r.signInsPerSecond)),
      rounds: rounds.map((r) => r.signInsPerSecond),
      p50Ms: median(rounds.map((r) => r.p50Ms)),
      p99Ms: median(rounds.map((r) => r.p99Ms)),
      aloneP50Ms: alone.p50Ms,
      cpuMsPerSignIn,
      signIns: rounds.reduce((sum, r) => sum + r.signIns, 0),
    };
  } finally {
    await server.stop();
  }
}

/** Node 22 (the packaging test's, from the npm registry, cached), or why it cannot be had. */
function node22OrReason(): { binary: string } | { reason: string } {
  try {
    return { binary: node22().binary };
  } catch (error) {
    return { reason: `Node ${NODE_22} could not be installed: ${String(error).split("\n")[0]}` };
  }
}

/** Without the source condition, @gatehouse/* resolve to dist/ as in an installed app. */
function builtEnv(): Record<string, string> {
  return plan.built ? { NODE_OPTIONS: withoutSourceCondition(process.env.NODE_OPTIONS) } : {};
}

/**
 * The first GET, as a browser makes it: the body must hold the user, and any cookie the answer sets
 * (a CSRF cookie, a refreshed session, a cookie cache) is kept for the load, as a browser would.
 */
async function checkedCookie(url: string, cookie: string, expect: string, id: string): Promise<string> {
  const response = await fetch(url, { headers: { cookie } });
  const body = await response.text();
  if (!response.ok || !body.includes(expect)) {
    throw new Error(`${id}: GET session with the cookie is not signed in (${response.status}): ${body}`);
  }
  const jar = parseCookieHeader(cookie);
  keepCookies(jar, response);
  const merged = cookieHeader(jar);
  const again = await (await fetch(url, { headers: { cookie: merged } })).text();
  if (!again.includes(expect)) throw new Error(`${id}: the merged cookies are not signed in: ${again}`);
  return merged;
}

/** `npm run build`: every library package to dist/, so the servers run compiled JavaScript. */
function buildPackages(): void {
  log("building the packages (dist/)");
  const built = spawnSync(process.execPath, [join(here, "..", "scripts", "build.ts")], { stdio: "inherit" });
  if (built.status !== 0) throw new Error(`npm run build failed (exit ${built.status ?? built.signal})`);
}
