/**
 * Better Auth's email-and-password sign-in, for the password sign-in rows: default settings
 * (scrypt from `node:crypto`, N=16384 r=16 p=1, on libuv's thread pool; database sessions) on
 * node:sqlite, one seeded account (`passwordUser`). Its rate limiter is off, said explicitly: it is on
 * by default only in production, and it allows 3 sign-ins per 10 s from one address, which would
 * measure the limiter, not the sign-in.
 */
import { createServer } from "node:http";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { toNodeHandler } from "better-auth/node";
import { passwordUser, signInWithPassword } from "../lib/password-sign-in.ts";
import { announceReady, benchPort } from "../lib/ready.ts";
import { listenUntilSignalled } from "../lib/serve.ts";
import { packageVersion } from "../lib/versions.ts";

const port = benchPort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) {
  console.error("better-auth-password: set BENCH_DATA_DIR to a directory for the SQLite database");
  process.exit(1);
}
const database = new DatabaseSync(join(dataDir, "better-auth-password.sqlite"));

const options: BetterAuthOptions = {
  database,
  secret: "gatehouse-bench-better-auth-secret-0123456789abcdef",
  baseURL: origin,
  emailAndPassword: { enabled: true },
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
};
const { runMigrations } = await getMigrations(options);
await runMigrations();
const auth = betterAuth(options);

// Seeded through Better Auth's own sign-up, so the stored hash is exactly what it writes.
const signUp = await auth.api.signUpEmail({
  body: { name: "Bench User", ...passwordUser },
  asResponse: true,
});
if (!signUp.ok) {
  console.error(`better-auth-password: sign-up failed: ${signUp.status} ${await signUp.text()}`);
  process.exit(1);
}

const server = createServer(toNodeHandler(auth));
await listenUntilSignalled(server, port, () => database.close());

// One real sign-in over HTTP, as the load will make them, before telling the runner it is ready.
const authUrl = `${origin}/api/auth`;
const { cookie } = await signInWithPassword({ protocol: "better-auth", authUrl, ...passwordUser });
announceReady({
  url: `${authUrl}/get-session`,
  cookie,
  expect: passwordUser.email,
  version: `better-auth ${packageVersion("better-auth")}`,
});
