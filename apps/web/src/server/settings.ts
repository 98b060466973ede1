import { join } from "node:path";
import {
  ConfigError,
  type OAuthProviderConfig,
  OIDC,
  optionsFromEnv,
  providerFromEnv,
} from "@gatehouse/core";
import type { PostgresAdapterOptions } from "@gatehouse/sql";

type Env = Record<string, string | undefined>;

/** How the web app runs, read once from the environment at start-up. */
export interface Settings {
  /** `production` iff `NODE_ENV=production`; everything else is development. */
  mode: "development" | "production";
  /** `PORT`, default 3000; 0 picks a free port. */
  port: number;
  /** `HOST`, the interface to listen on; default `127.0.0.1` (reachable as `localhost`). */
  host: string;
  /** `AUTH_URL`: public URL of the auth endpoint. Required in production; in development it defaults to `http://localhost:<port>/api/auth`. */
  authUrl: string | undefined;
  /** `AUTH_TRUST_HOST`: honour `Host` / `X-Forwarded-*` from a trusted proxy. */
  trustHost: boolean | undefined;
  /** `AUTH_SECRET` (then `AUTH_SECRET_1`…`_3` for rotation). Empty in development: a dev secret is used. */
  secrets: string[];
  /** One OIDC provider per `AUTH_<ID>_ISSUER` + `AUTH_<ID>_ID` pair. */
  providers: OAuthProviderConfig[];
  /** `DEV_PROVIDER_PORT` for the development OpenID provider; default 0 (a free port). */
  devProviderPort: number;
  /** Where development state (the dev secret) and the default SQLite database are kept. */
  dataDir: string;
  /** `DATABASE_URL`: `postgres://…`, or SQLite as `sqlite:<path>`; default `sqlite:<dataDir>/gatehouse.db`. */
  databaseUrl: string;
  /**
   * PostgreSQL's time-outs, in milliseconds (unset: `@gatehouse/sql`'s defaults; 0 turns one off):
   * `DATABASE_CONNECT_TIMEOUT_MS` (2000), `DATABASE_STATEMENT_TIMEOUT_MS` (3000),
   * `DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS` (5000), `DATABASE_FAIL_FAST_MS` (1000). Unused by SQLite.
   */
  databaseTimeouts: PostgresAdapterOptions;
  /** How mail (sign-in links, password mails) is delivered: `SMTP_URL` + `EMAIL_FROM`, else in development the dev mailbox. */
  email: EmailSetting;
  /**
   * `AUTH_PASSWORD`: password accounts (sign-up, sign-in, reset), on unless `false`. They also need
   * mail, so with `email` off they stay off whatever this says.
   */
  passwords: boolean;
  /**
   * `AUTH_PASSKEYS`: passkeys (sign-in, passkey-only sign-up when mail is on, and managing them in the
   * account area), on unless `false`. Browsers allow them on https, or on http://localhost.
   */
  passkeys: boolean;
  /**
   * `AUTH_ADMIN_EMAILS`: comma-separated addresses whose users are administrators once the address is
   * verified (core's `admin.bootstrapEmails`), how the first administrator gets into the admin console
   * at `/admin`; they can then give others the `admin` role there. Default none. In development the
   * demo account is one too (start.ts).
   */
  adminEmails: string[];
}

/**
 * `smtp`: real mail through `SMTP_URL` from `EMAIL_FROM` (in either mode). `dev-mailbox`: development
 * without SMTP; links are logged and listed at `/dev/mailbox`. `off`: `AUTH_EMAIL=false`, or
 * production without SMTP — no mail at all, so neither email sign-in nor password accounts.
 */
export type EmailSetting =
  | { kind: "smtp"; server: string; from: string }
  | { kind: "dev-mailbox" }
  | { kind: "off" };

/**
 * Reads the Auth.js-style environment. Throws a `TypeError` naming the variables to set when
 * production is misconfigured: production never falls back to development defaults.
 *
 * @example const settings = loadSettings(process.env, { dataDir: "apps/web/.data" });
 */
export function loadSettings(env: Env, options: { dataDir: string }): Settings {
  const mode = env.NODE_ENV === "production" ? "production" : "development";
  const fromEnv = optionsFromEnv(env);
  if (mode === "production") assertProductionReady(fromEnv);
  return {
    mode,
    port: portFrom(env, "PORT", 3000),
    host: env.HOST || "127.0.0.1",
    authUrl: fromEnv.url,
    trustHost: fromEnv.trustHost,
    secrets: fromEnv.secret,
    providers: providersFromEnv(env),
    devProviderPort: portFrom(env, "DEV_PROVIDER_PORT", 0),
    dataDir: options.dataDir,
    databaseUrl: databaseUrlFrom(env, options.dataDir),
    databaseTimeouts: databaseTimeoutsFrom(env),
    email: emailFrom(env, mode),
    passwords: flag(env, "AUTH_PASSWORD") ?? true,
    passkeys: flag(env, "AUTH_PASSKEYS") ?? true,
    adminEmails: adminEmailsFrom(env),
  };
}

/**
 * `DATABASE_URL`, or the SQLite file under the (git-ignored) data folder. Shared with the
 * `migrate` command, which must find the same database as the app.
 */
export function databaseUrlFrom(env: Env, dataDir: string): string {
  const url = env.DATABASE_URL?.trim();
  return url ? url : `sqlite:${join(dataDir, "gatehouse.db")}`;
}

const DATABASE_TIMEOUTS = {
  connectTimeoutMs: "DATABASE_CONNECT_TIMEOUT_MS",
  statementTimeoutMs: "DATABASE_STATEMENT_TIMEOUT_MS",
  idleInTransactionTimeoutMs: "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS",
  failFastMs: "DATABASE_FAIL_FAST_MS",
} as const satisfies Record<keyof PostgresAdapterOptions, string>;

/**
 * The PostgreSQL time-outs set in the environment (only those set: the rest keep the adapter's
 * defaults). Shared with the `migrate` command. A value that is not a whole number of milliseconds
 * is refused at start-up rather than silently left at the default.
 */
export function databaseTimeoutsFrom(env: Env): PostgresAdapterOptions {
  const timeouts: PostgresAdapterOptions = {};
  for (const [option, name] of Object.entries(DATABASE_TIMEOUTS) as [
    keyof PostgresAdapterOptions,
    string,
  ][]) {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === "") continue;
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
      throw new ConfigError(
        `Gatehouse web app: ${name} must be a whole number of milliseconds (0 turns it off), got ${JSON.stringify(env[name])}.`,
      );
    }
    timeouts[option] = Number(raw);
  }
  return timeouts;
}

/** A `true` / `false` variable; undefined when unset or empty. */
function flag(env: Env, name: string): boolean | undefined {
  const value = env[name]?.trim().toLowerCase();
  if (value === undefined || value === "") return undefined;
  if (value === "true" || value === "false") return value === "true";
  throw new ConfigError(
    `Gatehouse web app: ${name} must be true or false, got ${JSON.stringify(env[name])}.`,
  );
}

/**
 * `AUTH_ADMIN_EMAILS`, split on commas, blanks dropped. Something without an `@` is a mistake (a
 * name, a missing separator) that would silently make no one an administrator: refused at start-up.
 */
function adminEmailsFrom(env: Env): string[] {
  const emails = (env.AUTH_ADMIN_EMAILS ?? "")
    .split(",")
    .map((email) => email.trim())
    .filter((email) => email !== "");
  const wrong = emails.filter((email) => !/^[^\s@]+@[^\s@]+$/.test(email));
  if (wrong.length > 0) {
    throw new ConfigError(
      `Gatehouse web app: AUTH_ADMIN_EMAILS must list email addresses, separated by commas; not addresses: ${wrong.map((email) => JSON.stringify(email)).join(", ")}.`,
    );
  }
  return emails;
}

function emailFrom(env: Env, mode: Settings["mode"]): EmailSetting {
  if (flag(env, "AUTH_EMAIL") === false) return { kind: "off" };
  const server = env.SMTP_URL?.trim() || undefined;
  const from = env.EMAIL_FROM?.trim() || undefined;
  // One without the other is a half-done set-up; silently falling back to the dev mailbox (or to no
  // email at all in production) would hide it until someone waits for a mail that never comes.
  if (server && from) return { kind: "smtp", server, from };
  if (server || from) {
    throw new ConfigError(
      [
        `Gatehouse web app: email sign-in needs both SMTP_URL and EMAIL_FROM. Missing: ${server ? "EMAIL_FROM" : "SMTP_URL"}.`,
        "  SMTP_URL    the mail server, e.g. smtps://user:password@smtp.example.com:465",
        '  EMAIL_FROM  the sender, e.g. "Example <no-reply@example.com>"',
        "Set AUTH_EMAIL=false to turn mail off (email sign-in and password accounts).",
      ].join("\n"),
    );
  }
  return mode === "development" ? { kind: "dev-mailbox" } : { kind: "off" };
}

// A public app must not invent a secret (sessions would die on restart and differ between
// instances) nor guess its own URL from request headers an attacker controls.
function assertProductionReady(fromEnv: { secret: string[]; url?: string }): void {
  const missing = [fromEnv.secret.length === 0 && "AUTH_SECRET", !fromEnv.url && "AUTH_URL"].filter(
    (name): name is string => typeof name === "string",
  );
  if (missing.length === 0) return;
  throw new ConfigError(
    [
      `Gatehouse web app: production mode (NODE_ENV=production) needs AUTH_SECRET and AUTH_URL. Missing: ${missing.join(", ")}.`,
      "  AUTH_SECRET  a random value of at least 32 characters, e.g. `openssl rand -base64 33`",
      "  AUTH_URL     the public URL of the auth endpoint, e.g. https://app.example.com/api/auth",
      "Behind a trusted reverse proxy also set AUTH_TRUST_HOST=true; it does not replace AUTH_URL.",
      "The development provider, the demo account and the dev mailbox only run when NODE_ENV is not production.",
    ].join("\n"),
  );
}

function portFrom(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(
      `Gatehouse web app: ${name} must be a port number (0–65535), got ${JSON.stringify(raw)}.`,
    );
  }
  return port;
}

const ISSUER_VARIABLE = /^AUTH_([A-Z0-9_]+)_ISSUER$/;

/**
 * `AUTH_KEYCLOAK_ISSUER` + `AUTH_KEYCLOAK_ID` (+ `AUTH_KEYCLOAK_SECRET`) → OIDC provider `keycloak`
 * named "Keycloak". An issuer without an id is skipped: the pair is what turns a provider on.
 */
function providersFromEnv(env: Env): OAuthProviderConfig[] {
  const providers: OAuthProviderConfig[] = [];
  for (const name of Object.keys(env).sort()) {
    const stem = ISSUER_VARIABLE.exec(name)?.[1];
    if (!stem) continue;
    const id = stem.toLowerCase();
    const found = providerFromEnv(id, env);
    if (!found?.issuer) continue;
    providers.push(
      OIDC({
        id,
        name: displayName(id),
        issuer: found.issuer,
        clientId: found.clientId,
        clientSecret: found.clientSecret,
      }),
    );
  }
  return providers;
}

/** `keycloak` → "Keycloak", `my_idp` → "My idp". */
function displayName(id: string): string {
  const words = id.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
