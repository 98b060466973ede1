import type { PasswordProtocol } from "./password-sign-in.ts";
import type { SignOutKind } from "./revocation.ts";

/** One row of the GET-session table: a server script and how it is configured. */
export interface ServerSpec {
  id: string;
  /** What the row shows. */
  label: string;
  /** Relative to `bench/`. */
  script: string;
  env?: Record<string, string>;
  /** Needs PostgreSQL: the runner gives it a fresh schema as `DATABASE_URL`. */
  postgres?: boolean;
  /** Sessions live on the server: after the load, sign out and check the old cookies are refused. */
  signOut?: SignOutKind;
  /** Load with a different session per request (the server writes `cookiesFile`). */
  distinctSessions?: boolean;
}

/** Every server the benchmark loads, in the order of the results table. */
export function serverSpecs(options: { distinctSessions: number }): ServerSpec[] {
  return [
    { id: "ceiling", label: "ceiling: bare node:http, fixed JSON", script: "servers/ceiling.ts" },
    {
      id: "gatehouse-jwt",
      label: "Gatehouse, jwt sessions",
      script: "servers/gatehouse.ts",
      env: { BENCH_STORE: "jwt" },
    },
    {
      id: "gatehouse-jwt-distinct",
      label: `Gatehouse, jwt sessions, another session on every request (${options.distinctSessions} cookies: every read decrypts)`,
      script: "servers/gatehouse.ts",
      env: { BENCH_STORE: "jwt", BENCH_SESSIONS: String(options.distinctSessions) },
      distinctSessions: true,
    },
    {
      id: "gatehouse-sqlite",
      label: "Gatehouse, database sessions on SQLite",
      script: "servers/gatehouse.ts",
      env: { BENCH_STORE: "sqlite" },
      signOut: "authjs-protocol",
    },
    {
      // The same server with the rate limiter off: the limiter must not touch GET session.
      id: "gatehouse-sqlite-no-limits",
      label: "Gatehouse, database sessions on SQLite, `rateLimit: false`",
      script: "servers/gatehouse.ts",
      env: { BENCH_STORE: "sqlite", BENCH_RATE_LIMIT: "off" },
      signOut: "authjs-protocol",
    },
    // Two-factor on must not make GET session dearer: GET session reads the session, never the
    // enrolment. Each pair differs only in whether the signed-in user has TOTP on.
    {
      id: "gatehouse-jwt-stored-user",
      label: "Gatehouse, jwt sessions, users stored in SQLite, two-factor off",
      script: "servers/gatehouse.ts",
      env: { BENCH_STORE: "jwt-sqlite" },
    },
    {
      id: "gatehouse-jwt-no-records",
      label: "Gatehouse, jwt sessions, users stored in SQLite, no session records (no revocation check)",
      script: "servers/gatehouse.ts",
      env: { BENCH_STORE: "jwt-sqlite", BENCH_SESSION_RECORDS: "off" },
    },
    {
      id: "gatehouse-sqlite-no-records",
      label: "Gatehouse, database sessions on SQLite, no session records",
      script: "servers/gatehouse.ts",
      env: { BENCH_STORE: "sqlite", BENCH_SESSION_RECORDS: "off" },
    },
    {
      id: "gatehouse-jwt-two-factor",
      label: "Gatehouse, jwt sessions, users stored in SQLite, the user has TOTP two-factor on",
      script: "servers/gatehouse.ts",
      env: { BENCH_STORE: "jwt-sqlite", BENCH_TWO_FACTOR: "on" },
    },
    {
      id: "gatehouse-sqlite-two-factor",
      label: "Gatehouse, database sessions on SQLite, the user has TOTP two-factor on",
      script: "servers/gatehouse.ts",
      env: { BENCH_STORE: "sqlite", BENCH_TWO_FACTOR: "on" },
      signOut: "authjs-protocol",
    },
    {
      id: "gatehouse-node-jwt",
      label: "Gatehouse through @gatehouse/node, jwt sessions",
      script: "servers/gatehouse.ts",
      env: { BENCH_STORE: "jwt", BENCH_SERVE: "node" },
    },
    {
      id: "gatehouse-node-jwt-distinct",
      label: `Gatehouse through @gatehouse/node, jwt sessions, another session on every request (${options.distinctSessions} cookies)`,
      script: "servers/gatehouse.ts",
      env: { BENCH_STORE: "jwt", BENCH_SERVE: "node", BENCH_SESSIONS: String(options.distinctSessions) },
      distinctSessions: true,
    },
    {
      id: "gatehouse-node-sqlite",
      label: "Gatehouse through @gatehouse/node, database sessions on SQLite",
      script: "servers/gatehouse.ts",
      env: { BENCH_STORE: "sqlite", BENCH_SERVE: "node" },
      signOut: "authjs-protocol",
    },
    {
      id: "gatehouse-postgres",
      label: "Gatehouse, database sessions on PostgreSQL",
      script: "servers/gatehouse.ts",
      env: { BENCH_STORE: "postgres" },
      postgres: true,
      signOut: "authjs-protocol",
    },
    {
      id: "gatehouse-web-app",
      label: "Gatehouse in the web app (Hono, database sessions on SQLite)",
      script: "servers/web-app.ts",
      signOut: "authjs-protocol",
    },
    { id: "authjs-jwt", label: "Auth.js (@auth/core), jwt sessions", script: "servers/authjs-jwt.ts" },
    {
      id: "better-auth",
      label: "Better Auth, SQLite, default settings",
      script: "servers/better-auth.ts",
      signOut: "better-auth",
    },
    {
      id: "better-auth-cookie-cache",
      label: "Better Auth, SQLite, cookie cache on (5 min)",
      script: "servers/better-auth.ts",
      env: { BENCH_COOKIE_CACHE: "1" },
      signOut: "better-auth",
    },
  ];
}

/** One row of the password sign-in table: a server script, its wire protocol and its hash. */
export interface SignInSpec {
  id: string;
  label: string;
  /** Relative to `bench/`. */
  script: string;
  protocol: PasswordProtocol;
  /** The password hash and its cost, as the row shows it. */
  hash: string;
  env?: Record<string, string>;
  /** Run on Node 22 (installed from the npm registry on first use) instead of this Node 24. */
  node22?: boolean;
}

/** Every server the password sign-in section loads, in the order of its table. */
export function signInSpecs(): SignInSpec[] {
  return [
    {
      id: "gatehouse-password",
      label: "Gatehouse `Password`, database sessions on SQLite, `rateLimit: false`",
      script: "servers/gatehouse-password.ts",
      protocol: "gatehouse",
      hash: "argon2id m=19456 KiB, t=2, p=1 (default)",
    },
    // Issue 23: where node:crypto has no argon2 (Node 22, Deno, Bun, Workers) core computes argon2id in
    // pure JavaScript (@gatehouse/argon2id). The same server, the same hash, the same PHC strings.
    {
      id: "gatehouse-password-js",
      label: "Gatehouse `Password`, as above, node:crypto's argon2 hidden (core takes its Node 22 path)",
      script: "servers/gatehouse-password.ts",
      protocol: "gatehouse",
      hash: "argon2id m=19456 KiB, t=2, p=1 (default), pure JavaScript (`@gatehouse/argon2id`)",
      env: { BENCH_ARGON2ID: "javascript" },
    },
    {
      id: "gatehouse-password-node22",
      label: "Gatehouse `Password`, as above, on Node 22 (no argon2 in node:crypto)",
      script: "servers/gatehouse-password.ts",
      protocol: "gatehouse",
      hash: "argon2id m=19456 KiB, t=2, p=1 (default), pure JavaScript (`@gatehouse/argon2id`)",
      node22: true,
    },
    {
      id: "better-auth-password",
      label: "Better Auth `emailAndPassword`, SQLite, rate limiter off",
      script: "servers/better-auth-password.ts",
      protocol: "better-auth",
      hash: "scrypt N=16384, r=16, p=1 (default)",
    },
  ];
}
