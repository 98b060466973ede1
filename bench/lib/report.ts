import type { ClientSize } from "../figures/client-size.ts";
import type { ScaleRow } from "../figures/session-scale.ts";
import type { SignInFigure } from "../figures/sign-in-round-trip.ts";
import type { MachineInfo } from "./machine.ts";

/** One server's GET-session figures (medians over the rounds). */
export interface LoadRow {
  id: string;
  label: string;
  version: string;
  requestsPerSecond: number;
  rounds: number[];
  p50Ms: number;
  p99Ms: number;
  rssIdleMb: number;
  rssLoadMb: number;
  startupMs: number;
  /** null: stateless sessions, nothing to revoke on the server. */
  revoked: boolean | null;
}

/** One server's password sign-in figures (medians over the rounds). */
export interface SignInRow {
  id: string;
  label: string;
  version: string;
  hash: string;
  signInsPerSecond: number;
  rounds: number[];
  p50Ms: number;
  p99Ms: number;
  /** p50 of sign-ins made one after another: the cost of one sign-in without queueing. */
  aloneP50Ms: number;
  /** The server process's CPU time (all its threads) over the measured rounds, per sign-in. */
  cpuMsPerSignIn: number;
  /** Sign-ins made in the measured rounds, all of them. */
  signIns: number;
}

export interface Figures {
  scale: ScaleRow[];
  signIn: SignInFigure;
  clientSize: ClientSize[];
}

interface Plan {
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  threads: number;
  /** Gatehouse ran its built packages (dist/, compiled JavaScript), as an installed app does. */
  built: boolean;
  /** Extra node flags every server ran with (none by default). */
  nodeFlags: string[];
  signInConcurrency: number;
  /** Sign-ins per round at most (the smoke run), else null: each round runs for `seconds`. */
  maxSignIns: number | null;
}

interface Target {
  what: string;
  goal: string;
  measured: string;
  met: boolean | null;
}

/** bench/RESULTS.md: machine, versions, the GET-session table, the other figures, the targets. */
export function renderResults(input: {
  machine: MachineInfo;
  plan: Plan;
  rows: LoadRow[];
  signIns: SignInRow[];
  /** Password sign-in rows that could not run (Node 22 not installable), with the reason. */
  notMeasured?: { id: string; reason: string }[];
  figures: Figures | null;
  smoke: boolean;
}): string {
  const { machine, plan, rows, signIns, figures } = input;
  const ceiling = rows.find((row) => row.id === "ceiling")?.requestsPerSecond;
  const lines = [
    "# Gatehouse benchmark results",
    "",
    input.smoke
      ? "**Smoke run** (CI-sized: figures are not meaningful)."
      : `Full run of \`npm run bench\`, ${new Date().toISOString().slice(0, 10)}.`,
    "",
    "## Machine",
    "",
    `- CPU: ${machine.cpu}, ${machine.cores} cores (shared by the load generator and the server), ${machine.memoryGb} GB RAM`,
    `- ${machine.kernel}, Node ${machine.node}, SQLite ${machine.sqlite}, PostgreSQL ${machine.postgres ?? "not available"}, wrk ${machine.wrk}`,
    `- Load: \`wrk -t${plan.threads} -c${plan.connections} -d${plan.seconds}s --latency\` from its own process, keep-alive, after a ${plan.warmupSeconds} s warm-up; ${plan.rounds} rounds per server, figures are the median of the rounds.`,
    plan.built
      ? "- Gatehouse rows run the built packages (`dist/`, compiled JavaScript, as an app that installed them from npm), not the TypeScript sources."
      : "- Gatehouse rows run the TypeScript sources (type stripping), not the built packages.",
    ...(plan.nodeFlags.length > 0
      ? [`- Every server ran with extra node flags: \`${plan.nodeFlags.join(" ")}\` (not a default run).`]
      : []),
    "",
    "## GET session with a valid session cookie",
    "",
    "| server | version | req/s | p50 ms | p99 ms | × ceiling | RSS idle MB | RSS load MB | start-up ms | revoked at once |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|:-:|",
    ...rows
      .map((row) =>
        [
          row.label,
          row.version,
          thousands(row.requestsPerSecond),
          row.p50Ms.toFixed(2),
          row.p99Ms.toFixed(2),
          ceiling ? (row.requestsPerSecond / ceiling).toFixed(2) : "–",
          row.rssIdleMb.toFixed(0),
          row.rssLoadMb.toFixed(0),
          row.startupMs.toFixed(0),
          row.revoked === null ? "n/a" : row.revoked ? "yes" : "**no**",
        ].join(" | "),
      )
      .map((cells) => `| ${cells} |`),
    "",
    "Rounds (req/s): " +
      rows.map((row) => `${row.id} ${row.rounds.map(thousands).join(" / ")}`).join("; ") +
      ".",
    "",
    "- *revoked at once*: after the load the session is signed out through the server's own endpoint, then the cookies the browser held are replayed; `yes` means GET session already refuses them.",
    "- *start-up*: from spawning `node` to the first HTTP answer (before the script signs in or seeds anything).",
    "- *RSS load*: the largest resident set sampled every 100 ms during the rounds.",
    ...renderTwoFactor(rows),
  ];
  if (signIns.length > 0) lines.push(...renderSignIns(signIns, rows, plan, input.notMeasured ?? []));
  if (figures) lines.push(...renderFigures(figures));
  lines.push(...renderTargets(targets(rows, figures)));
  return `${lines.join("\n")}\n`;
}

/** GET session for a user with two-factor on beside one without, per strategy, when both rows ran. */
function renderTwoFactor(rows: LoadRow[]): string[] {
  const ceiling = rows.find((row) => row.id === "ceiling")?.requestsPerSecond;
  const pairs = [
    {
      strategy: "jwt sessions (users stored in SQLite)",
      off: "gatehouse-jwt-stored-user",
      on: "gatehouse-jwt-two-factor",
    },
    { strategy: "database sessions on SQLite", off: "gatehouse-sqlite", on: "gatehouse-sqlite-two-factor" },
  ];
  const lines: string[] = [];
  for (const pair of pairs) {
    const off = rows.find((row) => row.id === pair.off)?.requestsPerSecond;
    const on = rows.find((row) => row.id === pair.on)?.requestsPerSecond;
    if (off === undefined || on === undefined) continue;
    const vsCeiling = (rate: number) => (ceiling ? `${(rate / ceiling).toFixed(2)} × ceiling` : "no ceiling");
    lines.push(
      `- ${pair.strategy}: two-factor off ${thousands(off)} req/s (${vsCeiling(off)}), on ${thousands(on)} req/s (${vsCeiling(on)}); on / off ${(on / off).toFixed(2)}.`,
    );
  }
  return lines.length > 0
    ? [
        "",
        "GET session for a signed-in user with TOTP two-factor on, beside one without (same run):",
        "",
        ...lines,
      ]
    : [];
}

function renderSignIns(
  signIns: SignInRow[],
  rows: LoadRow[],
  plan: Plan,
  notMeasured: { id: string; reason: string }[],
): string[] {
  const ceiling = rows.find((row) => row.id === "ceiling")?.requestsPerSecond;
  const vsCeiling = (id: string) => {
    const rate = rows.find((row) => row.id === id)?.requestsPerSecond;
    return rate !== undefined && ceiling ? (rate / ceiling).toFixed(2) : "not measured";
  };
  const length =
    plan.maxSignIns !== null
      ? `at most ${plan.maxSignIns} sign-ins or ${plan.seconds} s`
      : `${plan.seconds} s`;
  return [
    "",
    "## Password sign-in",
    "",
    `Each sign-in is a new browser (its own cookie jar) signing in as the one seeded account and getting a new session; every session cookie of a round is checked to be distinct. Gatehouse: GET \`csrf\`, then POST \`callback/password\` (form) → 302 with the session cookie; Better Auth: POST \`sign-in/email\` (JSON) → 200 with the session cookie. ${plan.signInConcurrency} sign-ins in flight from the runner's process, for ${length} per round after a ${plan.warmupSeconds} s warm-up; ${plan.rounds} rounds per server, figures are the median of the rounds. Latency is the whole sign-in as the browser sees it (for Gatehouse the GET csrf included).`,
    "",
    "| server | version | password hash | sign-ins/s | p50 ms | p99 ms | p50 ms, one at a time | server CPU ms per sign-in |",
    "|---|---|---|--:|--:|--:|--:|--:|",
    ...signIns.map(
      (row) =>
        `| ${row.label} | ${row.version} | ${row.hash} | ${row.signInsPerSecond.toFixed(1)} | ${row.p50Ms.toFixed(1)} | ${row.p99Ms.toFixed(1)} | ${row.aloneP50Ms.toFixed(1)} | ${row.cpuMsPerSignIn.toFixed(0)} |`,
    ),
    "",
    `Rounds (sign-ins/s): ${signIns.map((row) => `${row.id} ${row.rounds.map((r) => r.toFixed(1)).join(" / ")} (${thousands(row.signIns)} sign-ins in all)`).join("; ")}.`,
    "",
    ...notMeasured.map(({ id, reason }) => `Not measured: ${id} (${reason}).`),
    ...(notMeasured.length > 0 ? [""] : []),
    "- Gatehouse with `node:crypto`'s argon2id and Better Auth hash on libuv's thread pool (4 threads, the default), so both can use every core; password hashing is CPU-bound, and past the core count more sign-ins in flight only queue (*one at a time* is the cost of a sign-in without queueing).",
    "- The pure-JavaScript rows (`@gatehouse/argon2id`: what core uses where `node:crypto` has no argon2, as on Node 22, Deno, Bun and Workers) compute the same argon2id, with the same parameters and PHC strings, on the server's one JavaScript thread, one hash at a time (the others queue), in slices of at most 10 ms between which other requests are served: one core at most, whatever the number of sign-ins in flight.",
    "- *server CPU ms per sign-in*: the server process's CPU time (all its threads, libuv's pool included) over the measured rounds, divided by their sign-ins. Unlike sign-ins/s it barely moves when other work shares the machine; 1,000 divided by it is what one core can do.",
    "- Nearly all of a sign-in is its hash, and the two defaults cost differently (scrypt N=16384, r=16 fills 32 MiB; argon2id here 19 MiB, 2 passes): the sign-ins/s ratio compares the default costs, not the frameworks' own code.",
    "- Rate limiters are off for every row: Gatehouse `rateLimit: false`; Better Auth `rateLimit: { enabled: false }` (its default is on in production only, with 3 sign-ins per 10 s per address). One address signing in as one account this fast is what a limiter exists to stop.",
    `- GET session (the table above) runs Gatehouse with its default settings, the rate limiter on; the limiter does not touch GET session. In this run, × ceiling: jwt ${vsCeiling("gatehouse-jwt")}; database sessions on SQLite ${vsCeiling("gatehouse-sqlite")} with the limiter on, ${vsCeiling("gatehouse-sqlite-no-limits")} with \`rateLimit: false\`.`,
  ];
}

function renderFigures(figures: Figures): string[] {
  const { scale, signIn, clientSize } = figures;
  const base = new Map(
    scale.filter((row) => row.sessions === minSize(scale, row.database)).map((r) => [r.database, r]),
  );
  return [
    "",
    "## Session lookup at scale",
    "",
    "`adapter.getSessionAndUser` (the statement GET session runs) for random stored sessions, sequential, in process.",
    "",
    "| database | sessions | p50 µs | p99 µs | mean µs | p50 vs smallest | fill s |",
    "|---|--:|--:|--:|--:|--:|--:|",
    ...scale.map(
      (row) =>
        `| ${row.database} | ${thousands(row.sessions)} | ${row.p50Us.toFixed(1)} | ${row.p99Us.toFixed(1)} | ${row.meanUs.toFixed(1)} | ${(row.p50Us / (base.get(row.database)?.p50Us ?? row.p50Us)).toFixed(2)}× | ${row.fillSeconds.toFixed(1)} |`,
    ),
    "",
    "## Sign-in round trip through a local OpenID provider",
    "",
    `${signIn.signIns} OpenID Connect sign-ins (authorization code + PKCE, jwt session) against the bundled \`oidc-provider\`, each with a fresh cookie jar.`,
    "",
    "| | p50 ms | p99 ms |",
    "|---|--:|--:|",
    `| whole round trip, as the browser sees it | ${signIn.totalP50Ms.toFixed(2)} | ${signIn.totalP99Ms.toFixed(2)} |`,
    `| inside Gatehouse (sign-in POST + callback) | ${signIn.insideP50Ms.toFixed(2)} | ${signIn.insideP99Ms.toFixed(2)} |`,
    `| of which waiting on the provider (token, userinfo) | ${signIn.providerP50Ms.toFixed(2)} | |`,
    "",
    "## React client size",
    "",
    "| client | version | minified bytes | gzip bytes |",
    "|---|---|--:|--:|",
    ...clientSize.map(
      (c) => `| ${c.name} | ${c.version} | ${thousands(c.minifiedBytes)} | ${thousands(c.gzipBytes)} |`,
    ),
  ];
}

function targets(rows: LoadRow[], figures: Figures | null): Target[] {
  const rate = (id: string) => rows.find((row) => row.id === id)?.requestsPerSecond;
  const ratio = (a: string, b: string) => {
    const x = rate(a);
    const y = rate(b);
    return x !== undefined && y !== undefined ? x / y : undefined;
  };
  const list: Target[] = [];
  const add = (
    what: string,
    goal: string,
    value: number | undefined,
    ok: (v: number) => boolean,
    unit = "×",
  ) =>
    list.push({
      what,
      goal,
      measured:
        value === undefined
          ? "not measured"
          : `${unit === " B" ? thousands(value) : value.toFixed(2)}${unit}`,
      met: value === undefined ? null : ok(value),
    });
  add("GET session, jwt, vs Auth.js", "≥ 20×", ratio("gatehouse-jwt", "authjs-jwt"), (v) => v >= 20);
  add("GET session, jwt, vs the ceiling", "≥ 0.5", ratio("gatehouse-jwt", "ceiling"), (v) => v >= 0.5, "");
  add(
    "GET session, SQLite, vs Better Auth default",
    "≥ 20×",
    ratio("gatehouse-sqlite", "better-auth"),
    (v) => v >= 20,
  );
  add(
    "GET session, SQLite, vs the ceiling",
    "≥ 0.4",
    ratio("gatehouse-sqlite", "ceiling"),
    (v) => v >= 0.4,
    "",
  );
  add(
    "GET session through @gatehouse/node, jwt, vs the ceiling",
    "≥ 0.5",
    ratio("gatehouse-node-jwt", "ceiling"),
    (v) => v >= 0.5,
    "",
  );
  add(
    "GET session through @gatehouse/node, SQLite, vs the ceiling",
    "≥ 0.4",
    ratio("gatehouse-node-sqlite", "ceiling"),
    (v) => v >= 0.4,
    "",
  );
  const revoked = rows.find((row) => row.id === "gatehouse-sqlite")?.revoked;
  list.push({
    what: "SQLite sessions: revocation takes effect at once",
    goal: "yes",
    measured: revoked === undefined || revoked === null ? "not measured" : revoked ? "yes" : "no",
    met: revoked ?? null,
  });
  for (const database of ["SQLite", "PostgreSQL"] as const) {
    const scale = figures?.scale.filter((row) => row.database === database) ?? [];
    const small = scale.find((row) => row.sessions === minSize(scale, database));
    const large = scale.find((row) => row.sessions === Math.max(...scale.map((r) => r.sessions)));
    const value = small && large && large !== small ? large.p50Us / small.p50Us : undefined;
    add(
      `lookup at ${large ? thousands(large.sessions) : "10 M"} vs ${small ? thousands(small.sessions) : "1 k"} sessions, ${database}`,
      "≤ 1.2×",
      value,
      (v) => v <= 1.2,
    );
  }
  const client = figures?.clientSize.find((c) => c.name === "@gatehouse/react");
  add("React client, gzip", "≤ 3 KB (3072 B)", client?.gzipBytes, (v) => v <= 3072, " B");
  const distinct = rows.filter((row) => row.id.startsWith("gatehouse") && row.id.endsWith("jwt-distinct"));
  add(
    "server RSS under the distinct-session jwt load (largest such row)",
    "≤ 150 MB",
    distinct.length ? Math.max(...distinct.map((row) => row.rssLoadMb)) : undefined,
    (v) => v <= 150,
    " MB",
  );
  // Issue 14: two-factor on must cost GET session nothing; 0.9 leaves room for the run's noise.
  add(
    "GET session, jwt: user with two-factor on vs without",
    "≥ 0.9×",
    ratio("gatehouse-jwt-two-factor", "gatehouse-jwt-stored-user"),
    (v) => v >= 0.9,
  );
  add(
    "GET session, SQLite: user with two-factor on vs without",
    "≥ 0.9×",
    ratio("gatehouse-sqlite-two-factor", "gatehouse-sqlite"),
    (v) => v >= 0.9,
  );
  const gatehouse = rows.filter((row) => row.id.startsWith("gatehouse"));
  const rss = gatehouse.length ? Math.max(...gatehouse.map((row) => row.rssLoadMb)) : undefined;
  add("server RSS under load (largest Gatehouse row)", "≤ 100 MB", rss, (v) => v <= 100, " MB");
  return list;
}

function renderTargets(list: Target[]): string[] {
  return [
    "",
    "## Targets",
    "",
    "| target | goal | measured | met |",
    "|---|---|--:|:-:|",
    ...list.map(
      (t) => `| ${t.what} | ${t.goal} | ${t.measured} | ${t.met === null ? "–" : t.met ? "yes" : "**no**"} |`,
    ),
  ];
}

function minSize(scale: readonly ScaleRow[], database: ScaleRow["database"]): number {
  return Math.min(...scale.filter((row) => row.database === database).map((row) => row.sessions));
}

function thousands(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}
