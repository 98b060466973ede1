import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { loadCommonPasswords } from "@gatehouse/common-passwords";
import {
  type AdminOptions,
  ConfigError,
  createAccessTokenVerifier,
  Email,
  type GatehouseOptions,
  gatehouse,
  Password,
  type ProviderConfig,
} from "@gatehouse/core";
import { webAuthn } from "@gatehouse/passkeys";
import { passwordMailer, smtpSender } from "@gatehouse/smtp";
import { totp } from "@gatehouse/two-factor";
import { getRequestListener, type Http2Bindings, type HttpBindings } from "@hono/node-server";
import { createApp } from "./app.ts";
import { loadConfigFile } from "./config-file.ts";
import { openDatabase } from "./database.ts";
import { type DemoAccount, seedDemoAccount } from "./demo-account.ts";
import { createDevMailbox, type DevMailbox } from "./dev-mailbox.ts";
import { devSecret } from "./dev-secret.ts";
import { type DevSetup, startDevSetup } from "./dev-setup.ts";
import { LANGUAGE_MODULES } from "./language-modules.ts";
import { resourceApiSettings, resourceVerifierOptions } from "./resource-settings.ts";
import { startSessionCleanup } from "./session-cleanup.ts";
import { type EmailSetting, loadSettings, type Settings } from "./settings.ts";

/** The web app's name, as its header and page title show it. */
const SITE_NAME = "Gatehouse";

export interface StartOptions {
  /** Usually `process.env`. */
  env: Record<string, string | undefined>;
  /** Where development state (the dev secret, the default SQLite database) lives. */
  dataDir: string;
  /** The built UI (`apps/web/dist`). */
  staticDir: string;
  /** The optional `gatehouse.config.ts`; ignored when the file does not exist. */
  configFile?: string;
  /** Overrides `PORT`; 0 picks a free port. */
  port?: number;
  /** Receives the start-up messages; default `console.log`. */
  log?: (line: string) => void;
}

/** A running web app. */
export interface WebApp {
  /** The public origin, e.g. `http://localhost:3000`. Cookies are per host: use this one. */
  url: string;
  /** The port the app listens on. */
  port: number;
  /** The development demo account and this start's password; null in production or without password accounts. */
  demo: DemoAccount | null;
  /** The development mailbox that catches sign-in links and password mails, or null (production, SMTP, `AUTH_EMAIL=false`). */
  devMailbox: DevMailbox | null;
  /** Stops the app, the session clean-up and, in development, the OpenID provider; closes the database. */
  close(): Promise<void>;
}

/**
 * Starts the web app: settings from the environment, the database (migrated in development, its
 * schema checked in production), password accounts when mail can go out, in development a kept
 * secret, the bundled OpenID provider, the demo account and the dev mailbox, then the HTTP server.
 * Throws a `TypeError` that says what to set or run when the configuration or the database is wrong.
 *
 * @example const web = await startWebApp({ env: process.env, dataDir, staticDir, port: 0 });
 */
export async function startWebApp(options: StartOptions): Promise<WebApp> {
  const log = options.log ?? console.log;
  const settings = loadSettings(options.env, { dataDir: options.dataDir });
  const apiSettings = resourceApiSettings(options.env);
  const config = options.configFile ? await loadConfigFile(options.configFile) : {};
  const development = settings.mode === "development";
  // Before anything that needs cleaning up: building a mailer may throw on a bad SMTP_URL.
  const devMailbox = settings.email.kind === "dev-mailbox" ? createDevMailbox({ log }) : null;
  const { providers: configProviders = [], ...rest } = config;
  const passwords = passwordAccounts(settings, devMailbox, configProviders);
  const secret =
    development && settings.secrets.length === 0
      ? [await devSecret({ dataDir: settings.dataDir, log })]
      : settings.secrets;
  // Before listening: a database this Gatehouse cannot use leaves the port untouched.
  const adapter = await openDatabase({
    url: settings.databaseUrl,
    schema: development ? "migrate" : "check",
    postgres: settings.databaseTimeouts,
    log,
  });

  // Listen before building the auth config: with port 0 the URL (and so the provider's redirect
  // URI) is only known once bound. Requests in between get a 503.
  let handle: (request: Request, bindings: HttpBindings | Http2Bindings) => Response | Promise<Response> =
    () => new Response("Starting…", { status: 503 });
  // The bindings carry Node's request: @gatehouse/hono reads the socket peer from them for the rate limits.
  const server = createServer(getRequestListener((request, bindings) => handle(request, bindings)));
  let port: number;
  try {
    port = await listen(server, options.port ?? settings.port, settings.host);
  } catch (error) {
    await adapter.close();
    throw error;
  }
  const authUrl = settings.authUrl ?? `http://localhost:${port}/api/auth`;
  const url = new URL(authUrl).origin;

  let dev: DevSetup | null = null;
  let demo: DemoAccount | null = null;
  let cleanup: { stop(): Promise<void> };
  let passkeys: { option: GatehouseOptions["passkeys"]; line: string } | null = null;
  let admin: AdminOptions = {};
  try {
    if (development) dev = await startDevSetup({ authUrl, port: settings.devProviderPort, log });
    if (development && passwords.kind !== "off") demo = await seedDemoAccount(adapter);
    passkeys = rest.passkeys === undefined ? passkeysFor(settings, authUrl, passwords) : null;
    admin = adminOptions(rest.admin, settings, demo);
    const auth = gatehouse({
      ...rest,
      secret,
      url: authUrl,
      trustHost: settings.trustHost,
      adapter,
      providers: [
        ...settings.providers,
        ...(dev?.providers ?? []),
        ...emailProviders(settings.email, devMailbox),
        ...(passwords.kind === "built-in" ? [passwords.provider] : []),
        ...configProviders,
      ],
      ...(passkeys ? { passkeys: passkeys.option } : {}),
      admin,
      modules: LANGUAGE_MODULES,
      // The authenticator app lists the entry under the site's name (the header's), not the host
      // name core defaults to ("localhost" in development); a config file's issuer wins.
      twoFactor: { totp: totp(), ...rest.twoFactor, issuer: rest.twoFactor?.issuer ?? SITE_NAME },
    } satisfies GatehouseOptions);
    const verifierOptions = resourceVerifierOptions(apiSettings, dev && { issuer: dev.issuer, ...dev.api });
    const resourceVerifier =
      verifierOptions &&
      createAccessTokenVerifier({
        ...verifierOptions,
        onError: (error) => log(`bearer API: issuer unreachable: ${JSON.stringify(error)}`),
      });
    const app = createApp({
      auth,
      staticDir: options.staticDir,
      devMailbox,
      resourceVerifier,
      i18n: rest.i18n,
    });
    handle = (request, bindings) => app.fetch(request, bindings);
    const retentionDays = rest.audit ? rest.audit.retentionDays : undefined;
    cleanup = await startSessionCleanup({
      adapter,
      log,
      ...(retentionDays === undefined ? {} : { auditRetentionDays: retentionDays }),
    });
  } catch (error) {
    await Promise.all([stop(server), dev?.close()]);
    await adapter.close();
    throw error;
  }

  log(`${settings.mode} mode`);
  if (dev) {
    log(`development OpenID provider at ${dev.issuer} (its login form accepts any user name)`);
    if (demo) log(`demo account: ${demo.email} / ${demo.password}`);
    log(
      `bearer API at ${url}/api/resource/whoami; a token: curl -u ${dev.api.client.clientId}:${dev.api.client.clientSecret} -d grant_type=client_credentials -d resource=${dev.api.audience} -d scope=api:read ${dev.issuer}/token`,
    );
  }
  if (devMailbox) log(`email sign-in: links go to the dev mailbox at ${url}/dev/mailbox and this log`);
  else if (settings.email.kind === "smtp") log(`email sign-in: mail from ${settings.email.from} over SMTP`);
  log(passwordLine(passwords, authUrl));
  log(passkeys ? passkeys.line : "passkeys: as the config file sets them");
  log(adminLine(admin, url));
  log(`Gatehouse web app on ${url}`);

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    demo,
    devMailbox,
    close() {
      // The database goes last: requests and the clean-up still use it until they stop.
      closing ??= Promise.all([stop(server), dev?.close(), cleanup.stop()]).then(() => adapter.close());
      return closing;
    },
  };
}

/**
 * The admin options: the config file's, with `AUTH_ADMIN_EMAILS` added to its bootstrap addresses and,
 * in development, the demo account's, so a developer finds the admin console at once. Only for the
 * seeded demo account: a bootstrap address is checked at every request, never stored, so nothing of
 * it outlives development.
 */
function adminOptions(
  config: AdminOptions | undefined,
  settings: Settings,
  demo: DemoAccount | null,
): AdminOptions {
  const emails = [...(config?.bootstrapEmails ?? []), ...settings.adminEmails, ...(demo ? [demo.email] : [])];
  // Core compares addresses without case: one entry per address, as first written.
  const unique = new Map<string, string>();
  for (const email of emails) if (!unique.has(email.toLowerCase())) unique.set(email.toLowerCase(), email);
  return { ...config, bootstrapEmails: [...unique.values()] };
}

function adminLine(admin: AdminOptions, url: string): string {
  const emails = admin.bootstrapEmails ?? [];
  return emails.length > 0
    ? `admin console at ${url}/admin for ${emails.join(", ")} (once verified), and users with the admin role`
    : `admin console at ${url}/admin for users with the admin role; none yet? set AUTH_ADMIN_EMAILS`;
}

function emailProviders(setting: EmailSetting, devMailbox: DevMailbox | null): ProviderConfig[] {
  if (setting.kind === "smtp") {
    return [Email({ sendVerificationRequest: smtpSender({ server: setting.server, from: setting.from }) })];
  }
  return devMailbox ? [Email({ sendVerificationRequest: devMailbox.send })] : [];
}

/** Whether there are password accounts: the built-in `Password` provider, the config file's, or none and why. */
type PasswordAccounts =
  | { kind: "built-in"; provider: ProviderConfig }
  | { kind: "config" }
  | { kind: "off"; reason: "AUTH_PASSWORD=false" | "no mail" };

/**
 * The built-in `Password` provider's mails go where sign-in links go. No mail, no password accounts:
 * nobody could confirm an address or reset a forgotten password, and an account its owner cannot
 * recover is worse than none. Start-up still goes on — the app may sign in through OpenID alone, as
 * it did before password accounts — and the log says why there is no sign-up.
 */
function passwordAccounts(
  settings: Settings,
  devMailbox: DevMailbox | null,
  configProviders: readonly ProviderConfig[],
): PasswordAccounts {
  // Core allows one Password provider: a config file's (its own mailer, policy) replaces the built-in one.
  if (configProviders.some((provider) => provider.type === "password")) return { kind: "config" };
  if (!settings.passwords) return { kind: "off", reason: "AUTH_PASSWORD=false" };
  const sendMail =
    settings.email.kind === "smtp"
      ? passwordMailer({ server: settings.email.server, from: settings.email.from })
      : devMailbox?.sendPasswordMail;
  return sendMail
    ? { kind: "built-in", provider: Password({ sendMail, breachedPasswords: loadCommonPasswords }) }
    : { kind: "off", reason: "no mail" };
}

/**
 * Passkeys, unless `AUTH_PASSKEYS=false` (or the config file sets `passkeys`): the relying party is
 * the public URL's host, which browsers refuse when it is an IP address (open the app on localhost in
 * development). Passkey-only sign-up sends its link as password accounts do, so it needs them on.
 */
function passkeysFor(
  settings: Settings,
  authUrl: string,
  passwords: PasswordAccounts,
): { option: GatehouseOptions["passkeys"]; line: string } {
  if (!settings.passkeys) return { option: false, line: "passkeys: off (AUTH_PASSKEYS=false)" };
  const host = new URL(authUrl).hostname;
  if (/^\d+(\.\d+){3}$/.test(host) || host.startsWith("[")) {
    return {
      option: false,
      line: `passkeys: off, as browsers refuse them on an IP address (${host}): open the app as http://localhost:<port>, or set AUTH_URL to a host name`,
    };
  }
  const signUp = passwords.kind !== "off";
  return {
    option: { webAuthn: webAuthn(), signUp },
    line: `passkeys: on for ${host}${signUp ? ", with passkey-only sign-up" : ""}`,
  };
}

function passwordLine(passwords: PasswordAccounts, authUrl: string): string {
  switch (passwords.kind) {
    case "built-in":
      return `password accounts: sign up at ${authUrl.replace(/\/$/, "")}/signup`;
    case "config":
      return "password accounts: the config file's Password provider";
    case "off":
      return passwords.reason === "AUTH_PASSWORD=false"
        ? "password accounts: off (AUTH_PASSWORD=false)"
        : "password accounts: off, as they need mail to confirm addresses and reset passwords: set SMTP_URL and EMAIL_FROM (and not AUTH_EMAIL=false)";
  }
}

async function listen(server: Server, port: number, host: string): Promise<number> {
  server.listen(port, host);
  try {
    await once(server, "listening");
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "EADDRINUSE") {
      throw new ConfigError(
        `Gatehouse web app: port ${port} on ${host} is in use. Stop the other process or set PORT.`,
      );
    }
    throw error;
  }
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the web app is not on a TCP port");
  return address.port;
}

/** Closes without waiting for idle keep-alive connections (a browser holds some open). */
function stop(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
