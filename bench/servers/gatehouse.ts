/**
 * Gatehouse answering GET session through the same Request/Response bridge users deploy on Node
 * (`@hono/node-server`'s listener), or with `BENCH_SERVE=node` through `@gatehouse/node`, which
 * answers GET session without building a Web Request. `BENCH_STORE` picks the session strategy:
 * `jwt` (cookie only), `jwt-sqlite` (jwt sessions, users stored on node:sqlite), `sqlite` (database
 * sessions on node:sqlite) or `postgres` (database sessions on `DATABASE_URL`).
 * `BENCH_RATE_LIMIT=off` turns the rate limiter off (it is on by default). `BENCH_TWO_FACTOR=on`
 * (with a store) turns TOTP two-factor on for the signed-in user before the load.
 * `BENCH_SESSION_RECORDS=off` (with a store) hides the adapter's session-record methods: sessions as
 * before issue 15, so a row with it and one without measure what the revocation checks cost.
 *
 * `BENCH_SESSIONS=n` asks for n more signed-in sessions for a load where every request carries another
 * one. They are minted by a second process running this script with `BENCH_MINT_TO=<file>` (the same
 * configuration and secret, or the same database), so the process under test holds none of them:
 * its RSS is what serving costs, not what minting 20,000 sign-ins and keeping their cookies did.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Credentials, gatehouse } from "@gatehouse/core";
import { toNodeHandler } from "@gatehouse/node";
import type { SqlAdapter } from "@gatehouse/sql";
import { totp } from "@gatehouse/two-factor";
import { getRequestListener } from "@hono/node-server";
import { announceReady, benchPort } from "../lib/ready.ts";
import { listenUntilSignalled } from "../lib/serve.ts";
import { postCredentials, signInWithCredentials } from "../lib/sign-in.ts";
import { packageVersion } from "../lib/versions.ts";

const store = process.env.BENCH_STORE ?? "jwt";
const viaNode = process.env.BENCH_SERVE === "node";
const twoFactor = process.env.BENCH_TWO_FACTOR === "on";
const port = benchPort();
const origin = `http://127.0.0.1:${port}`;
const authUrl = `${origin}/api/auth`;

// Storage is loaded only for database sessions: a jwt deployment does not ship it.
let adapter: SqlAdapter | undefined;
if (store !== "jwt") {
  const { createSqlAdapter, migrate } = await import("@gatehouse/sql");
  adapter = createSqlAdapter({ url: databaseUrl(store) });
  await migrate(adapter.db);
}

const user = { id: "bench-user", name: "Bench User", email: "bench@example.com" };
const auth = gatehouse({
  secret: "bench-secret-bench-secret-bench-secret-0123456789",
  url: authUrl,
  ...(adapter
    ? { adapter: withRecords(adapter), session: { strategy: store === "jwt-sqlite" ? "jwt" : "database" } }
    : {}),
  ...(process.env.BENCH_RATE_LIMIT === "off" ? { rateLimit: false as const } : {}),
  // Two-factor's codes (`@gatehouse/two-factor`) for the row whose user has it on.
  ...(twoFactor ? { twoFactor: { totp: totp() } } : {}),
  providers: [
    Credentials({
      credentials: { username: { label: "User name" }, password: { label: "Password", type: "password" } },
      authorize: (c) => (c.username === "bench" && c.password === "bench" ? user : null),
    }),
  ],
});

/** The adapter, or with `BENCH_SESSION_RECORDS=off` the same without its session-record methods. */
function withRecords(stored: SqlAdapter): SqlAdapter {
  if (process.env.BENCH_SESSION_RECORDS !== "off") return stored;
  return {
    ...stored,
    createSessionRecord: undefined,
    listSessionRecords: undefined,
    listSessionRecordIds: undefined,
    touchSessionRecord: undefined,
    deleteSessionRecord: undefined,
    deleteSessionRecords: undefined,
  } as unknown as SqlAdapter;
}

const mintTo = process.env.BENCH_MINT_TO;
if (mintTo) {
  await mintSessions(Number(process.env.BENCH_SESSIONS ?? 0), mintTo);
  await adapter?.close();
  process.exit(0);
}

// The socket peer goes to Gatehouse as a deployment passes it (its rate limits key on it); GET
// session does not read it.
const server = createServer(
  viaNode
    ? toNodeHandler(auth)
    : getRequestListener((request, env) =>
        auth.handler(request, { clientAddress: env.incoming.socket.remoteAddress ?? null }),
      ),
);
await listenUntilSignalled(server, port, () => adapter?.close());

const cookie = await signInWithCredentials({ authUrl, username: "bench", password: "bench" });
if (twoFactor) await turnOnTwoFactor();

let cookiesFile: string | undefined;
if (Number(process.env.BENCH_SESSIONS ?? 0) > 0) {
  cookiesFile = join(process.env.BENCH_DATA_DIR ?? ".", "cookies.txt");
  await mintInChildProcess(cookiesFile);
}
announceReady({
  url: `${origin}/api/auth/session`,
  cookie,
  expect: user.email,
  version: viaNode
    ? `@gatehouse/node ${packageVersion("@gatehouse/node")}`
    : `@gatehouse/core ${packageVersion("@gatehouse/core")}`,
  ...(cookiesFile ? { cookiesFile } : {}),
});

function databaseUrl(kind: string): string {
  if (kind === "sqlite" || kind === "jwt-sqlite")
    return `sqlite:${join(process.env.BENCH_DATA_DIR ?? ".", "gatehouse.db")}`;
  if (kind === "postgres" && process.env.DATABASE_URL) return process.env.DATABASE_URL;
  throw new TypeError(`BENCH_STORE=${kind}: use jwt, jwt-sqlite, sqlite, or postgres with DATABASE_URL set`);
}

/**
 * Signs in `count` sessions through the handler itself (no sockets, so fast) and writes one Cookie
 * header per line to `file`. Runs in the minting process only.
 */
async function mintSessions(count: number, file: string): Promise<void> {
  const direct = (url: string, init?: RequestInit) => auth.handler(new Request(url, init));
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    lines.push(await signInWithCredentials({ authUrl, username: "bench", password: "bench", fetch: direct }));
  }
  writeFileSync(file, `${lines.join("\n")}\n`);
}

/** Runs this script again as the minting process (same environment, no extra node flags) and waits. */
function mintInChildProcess(file: string): Promise<void> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_MINT_TO: file },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`minting sessions failed (${code ?? signal})`)),
    );
  });
}

/**
 * Turns TOTP two-factor on for the signed-in user with the adapter's own methods (enrolment calls
 * them once the first code checks out), then checks that it took: a new sign-in now stops at the
 * second step. The session signed in before keeps working, as it does for a person who enrols. The
 * sealed secret is a stand-in (core's `sealTotpSecret` is not public API): GET session never opens it.
 */
async function turnOnTwoFactor(): Promise<void> {
  if (!adapter)
    throw new TypeError("BENCH_TWO_FACTOR=on needs a store (BENCH_STORE=jwt-sqlite, sqlite or postgres)");
  const stored = await adapter.getUserByEmail(user.email);
  if (!stored) throw new Error("two-factor: the signed-in user is not stored");
  await adapter.startTwoFactor(stored.id, "gh.totp.bench-stand-in-never-opened");
  if (!(await adapter.enableTwoFactor(stored.id, new Date()))) throw new Error("two-factor: not enabled");
  const again = await postCredentials({ authUrl, username: "bench", password: "bench" });
  const session = [...again.jar.keys()].some((name) => name.endsWith("session-token"));
  if (session || !again.location?.includes("/two-factor")) {
    throw new Error(`two-factor is not on: a new sign-in answered ${again.status} ${again.location}`);
  }
}
