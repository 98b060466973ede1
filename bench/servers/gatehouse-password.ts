/**
 * Gatehouse's `Password` provider, for the password sign-in rows: database sessions on node:sqlite
 * (`@gatehouse/sql`), the default argon2id cost (19 MiB, 2 passes, 1 lane, on libuv's thread pool),
 * one seeded account (`passwordUser`), served through `@hono/node-server` as the GET-session rows are.
 * `rateLimit: false`: every sign-in comes from 127.0.0.1 as the same account, which the limiter
 * (rightly) stops after a few; these rows measure the sign-in itself.
 *
 * `BENCH_ARGON2ID=javascript`: core computes argon2id as where node:crypto has none, in pure
 * JavaScript (`lib/without-native-argon2id.ts`, imported first); on Node 22 it does so by itself.
 */
// First: it must run before anything loads @gatehouse/core.
import "../lib/without-native-argon2id.ts";
import { createServer } from "node:http";
import { join } from "node:path";
import { gatehouse, hashPassword, Password } from "@gatehouse/core";
import { createSqlAdapter, migrate } from "@gatehouse/sql";
import { getRequestListener } from "@hono/node-server";
import { passwordUser, signInWithPassword } from "../lib/password-sign-in.ts";
import { announceReady, benchPort } from "../lib/ready.ts";
import { listenUntilSignalled } from "../lib/serve.ts";
import { packageVersion } from "../lib/versions.ts";

const argon2idSource =
  typeof process.getBuiltinModule("node:crypto").argon2 === "function"
    ? "node:crypto"
    : "@gatehouse/argon2id";
const port = benchPort();
const origin = `http://127.0.0.1:${port}`;
const authUrl = `${origin}/api/auth`;

const adapter = createSqlAdapter({
  url: `sqlite:${join(process.env.BENCH_DATA_DIR ?? ".", "gatehouse.db")}`,
});
await migrate(adapter.db);
if (!adapter.createUserWithPassword) {
  throw new Error("gatehouse-password: this @gatehouse/sql adapter has no createUserWithPassword");
}
const seeded = await adapter.createUserWithPassword(
  { email: passwordUser.email, name: null, emailVerified: new Date(), image: null },
  await hashPassword(passwordUser.password),
);
if (!seeded) throw new Error(`gatehouse-password: ${passwordUser.email} already has an account`);

const auth = gatehouse({
  secret: "bench-secret-bench-secret-bench-secret-0123456789",
  url: authUrl,
  adapter,
  rateLimit: false,
  providers: [Password({ sendMail: async () => {}, requireEmailVerification: false })],
});

const server = createServer(
  getRequestListener((request, env) =>
    auth.handler(request, { clientAddress: env.incoming.socket.remoteAddress ?? null }),
  ),
);
await listenUntilSignalled(server, port, () => adapter.close());

// One real sign-in over HTTP, as the load will make them, before telling the runner it is ready.
const { cookie } = await signInWithPassword({ protocol: "gatehouse", authUrl, ...passwordUser });
announceReady({
  url: `${authUrl}/session`,
  cookie,
  expect: passwordUser.email,
  // Which argon2id ran, by core's own rule (node:crypto's where it has argon2), and on which Node.
  version: `@gatehouse/core ${packageVersion("@gatehouse/core")} (${argon2idSource}, Node ${process.version})`,
});
