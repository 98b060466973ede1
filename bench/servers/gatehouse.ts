/**
 * Gatehouse answering GET session through the same Request/Response bridge users deploy on Node
 * (`@hono/node-server`'s listener), or with `BENCH_SERVE=node` through `@gatehouse/node`, which
 * answers GET session without building a Web Request. `BENCH_STORE` picks the session strategy:
 * `jwt` (cookie only), `sqlite` (database sessions on node:sqlite) or `postgres` (database sessions
 * on `DATABASE_URL`). `BENCH_RATE_LIMIT=off` turns the rate limiter off (it is on by default).
 */
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { Credentials, gatehouse } from "@gatehouse/core";
import { toNodeHandler } from "@gatehouse/node";
import type { SqlAdapter } from "@gatehouse/sql";
import { getRequestListener } from "@hono/node-server";
import { announceReady, benchPort } from "../lib/ready.ts";
import { listenUntilSignalled } from "../lib/serve.ts";
import { signInWithCredentials } from "../lib/sign-in.ts";
import { packageVersion } from "../lib/versions.ts";

const store = process.env.BENCH_STORE ?? "jwt";
const viaNode = process.env.BENCH_SERVE === "node";
const port = benchPort();
const origin = `http://127.0.0.1:${port}`;

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
  url: `${origin}/api/auth`,
  ...(adapter ? { adapter, session: { strategy: "database" as const } } : {}),
  ...(process.env.BENCH_RATE_LIMIT === "off" ? { rateLimit: false as const } : {}),
  providers: [
    Credentials({
      credentials: { username: { label: "User name" }, password: { label: "Password", type: "password" } },
      authorize: (c) => (c.username === "bench" && c.password === "bench" ? user : null),
    }),
  ],
});

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

const authUrl = `${origin}/api/auth`;
const cookie = await signInWithCredentials({ authUrl, username: "bench", password: "bench" });

// BENCH_SESSIONS=n: n more sessions, signed in through the handler itself (no sockets, so fast),
// written one Cookie header per line for a run where every request carries another session.
const extra = Number(process.env.BENCH_SESSIONS ?? 0);
let cookiesFile: string | undefined;
if (extra > 0) {
  const direct = (url: string, init?: RequestInit) => auth.handler(new Request(url, init));
  const lines: string[] = [];
  for (let i = 0; i < extra; i++) {
    lines.push(await signInWithCredentials({ authUrl, username: "bench", password: "bench", fetch: direct }));
  }
  cookiesFile = join(process.env.BENCH_DATA_DIR ?? ".", "cookies.txt");
  writeFileSync(cookiesFile, `${lines.join("\n")}\n`);
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
  if (kind === "sqlite") return `sqlite:${join(process.env.BENCH_DATA_DIR ?? ".", "gatehouse.db")}`;
  if (kind === "postgres" && process.env.DATABASE_URL) return process.env.DATABASE_URL;
  throw new TypeError(`BENCH_STORE=${kind}: use jwt, sqlite, or postgres with DATABASE_URL set`);
}
