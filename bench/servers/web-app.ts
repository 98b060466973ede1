/**
 * Gatehouse as users deploy it: the web app (Hono, database sessions on its default embedded
 * SQLite), started through its own start-up code in development mode, signed in as its demo account
 * (a password account; the app seeds it only when mail can go out, here to its dev mailbox).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { startWebApp } from "../../apps/web/src/server/start.ts";
import { signInWithPassword } from "../lib/password-sign-in.ts";
import { announceReady, benchPort } from "../lib/ready.ts";
import { packageVersion } from "../lib/versions.ts";

const port = benchPort();
const dataDir = process.env.BENCH_DATA_DIR ?? ".";
const staticDir = join(dataDir, "dist"); // the API is measured, not the UI: no build needed
mkdirSync(staticDir, { recursive: true });

const web = await startWebApp({
  env: { PORT: String(port), AUTH_URL: `http://127.0.0.1:${port}/api/auth` },
  dataDir,
  staticDir,
  log: () => {},
});
if (!web.demo) throw new Error("the web app started without its demo account (development mode, mail on)");

const { cookie } = await signInWithPassword({
  protocol: "gatehouse",
  authUrl: `${web.url}/api/auth`,
  email: web.demo.email,
  password: web.demo.password,
});
announceReady({
  url: `${web.url}/api/auth/session`,
  cookie,
  expect: web.demo.email,
  version: `@gatehouse/web ${packageVersion("@gatehouse/web")} (hono ${packageVersion("hono")})`,
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => void web.close().finally(() => process.exit(0)));
}
