import { createServer } from "node:http";
import { join } from "node:path";
// Better Auth's docs show better-sqlite3, a native addon whose prebuilt binary cannot be downloaded
// here; Better Auth's Kysely adapter also accepts Node's built-in `DatabaseSync` (it picks its own
// node:sqlite dialect for it), which is what we use.
import { DatabaseSync } from "node:sqlite";
import { type BetterAuthOptions, betterAuth } from "better-auth";
// In 1.7.25 `getMigrations` is exported from `better-auth/db/migration`, not from `better-auth/db`.
import { getMigrations } from "better-auth/db/migration";
import { toNodeHandler } from "better-auth/node";
import { announceReady, benchPort } from "../lib/ready.ts";
import { listenUntilSignalled } from "../lib/serve.ts";
import { packageVersion } from "../lib/versions.ts";

const SECRET = "gatehouse-bench-better-auth-secret-0123456789abcdef";
const USER = { name: "Bench User", email: "bench@example.com", password: "bench-password-0123456789" };
/** Cookie names on http (on https Better Auth prefixes them with `__Secure-`). */
const SESSION_COOKIE = "better-auth.session_token";
const CACHE_COOKIE = "better-auth.session_data";

const port = benchPort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) {
  console.error("better-auth: set BENCH_DATA_DIR to a directory for the SQLite database");
  process.exit(1);
}
const cookieCache = process.env.BENCH_COOKIE_CACHE === "1";
const name = cookieCache ? "better-auth-cookie-cache" : "better-auth";

const database = new DatabaseSync(join(dataDir, `${name}.sqlite`));

const options: BetterAuthOptions = {
  database,
  secret: SECRET,
  baseURL: origin,
  emailAndPassword: { enabled: true },
  // Off by default too; said explicitly so the benchmark never tries the network.
  telemetry: { enabled: false },
  ...(cookieCache ? { session: { cookieCache: { enabled: true, maxAge: 5 * 60 } } } : {}),
};

const { runMigrations } = await getMigrations(options);
await runMigrations();

const auth = betterAuth(options);

const server = createServer(toNodeHandler(auth));
await listenUntilSignalled(server, port, () => database.close());

function fail(message: string): never {
  console.error(`${name}: ${message}`);
  server.close();
  server.closeAllConnections();
  database.close();
  process.exit(1);
}

const signUp = await auth.api.signUpEmail({ body: USER, asResponse: true });
if (!signUp.ok) fail(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
// Only the session token, as after a sign-in without the cookie cache: the cache cookie is what
// the first GET get-session hands out, and the runner keeps it from that answer.
const cookie = signUp.headers
  .getSetCookie()
  .map((line) => line.split(";", 1)[0] ?? "")
  .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
if (!cookie) fail(`sign-up set no ${SESSION_COOKIE} cookie: ${signUp.headers.getSetCookie().join(" | ")}`);

const url = `${origin}/api/auth/get-session`;
// Check the cookie really is a signed-in session before telling the runner so.
const check = await fetch(url, { headers: { cookie } });
const body = await check.text();
if (!check.ok || !body.includes(USER.email)) {
  fail(`GET ${url} with the session cookie gave ${check.status} ${body}`);
}
if (cookieCache && !check.headers.getSetCookie().some((line) => line.startsWith(`${CACHE_COOKIE}=`))) {
  fail(`GET ${url} set no ${CACHE_COOKIE} cookie with the cookie cache on`);
}

announceReady({
  url,
  cookie,
  expect: USER.email,
  version: `better-auth ${packageVersion("better-auth")}${cookieCache ? " (cookie cache)" : ""}`,
});
