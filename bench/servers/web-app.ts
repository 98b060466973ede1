/**
 * Gatehouse as users deploy it: the web app (Hono, database sessions on its default embedded
 * SQLite), started through its own start-up code in development mode with the demo user.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { startWebApp } from "../../apps/web/src/server/start.ts";
import { announceReady, benchPort } from "../lib/ready.ts";
import { signInWithCredentials } from "../lib/sign-in.ts";
import { packageVersion } from "../lib/versions.ts";

const port = benchPort();
const dataDir = process.env.BENCH_DATA_DIR ?? ".";
const staticDir = join(dataDir, "dist"); // the API is measured, not the UI: no build needed
mkdirSync(staticDir, { recursive: true });

const web = await startWebApp({
  env: { PORT: String(port), AUTH_URL: `http://127.0.0.1:${port}/api/auth`, AUTH_EMAIL: "false" },
  dataDir,
  staticDir,
  log: () => {},
});
if (!web.demo) throw new Error("the web app did not start in development mode");

const cookie = await signInWithCredentials({
  authUrl: `${web.url}/api/auth`,
  username: web.demo.username,
  password: web.demo.password,
});
announceReady({
  url: `${web.url}/api/auth/session`,
  cookie,
  expect: "demo@example.test",
  version: `@gatehouse/web ${packageVersion("@gatehouse/web")} (hono ${packageVersion("hono")})`,
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => void web.close().finally(() => process.exit(0)));
}
