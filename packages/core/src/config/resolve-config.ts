import type { Adapter } from "../adapter/adapter.ts";
import { type AuditSettings, checkAuditOptions } from "../audit/audit-options.ts";
import { ConfigError } from "../errors/config-error.ts";
import { checkEvents } from "../events/check-events.ts";
import type { Events } from "../events/events.ts";
import { DEFAULTS } from "../lib/defaults.ts";
import { isProduction } from "../lib/is-production.ts";
import { KeyRing } from "../lib/key-ring.ts";
import { checkRegistrationAndLogout } from "../oauth/registration/check-registration-options.ts";
import { envName } from "../providers/provider-env.ts";
import type { ProviderConfig } from "../providers/types.ts";
import { type NextAuthV4Sessions, resolveMigration } from "../session/next-auth-v4.ts";
import { isTotpCodes, type TotpCodes } from "../two-factor/totp-codes.ts";
import { checkClientOptions } from "./check-client-options.ts";
import type { Callbacks, GatehouseOptions, Logger, Pages, RateLimitOptions, Theme } from "./options.ts";
import { type AdminSettings, resolveAdmin } from "./resolve-admin.ts";
import { type I18nSettings, resolveI18n } from "./resolve-i18n.ts";
import { type PasskeySettings, resolvePasskeys } from "./resolve-passkeys.ts";
import { type PasswordSettings, resolvePassword } from "./resolve-password.ts";

/** Configuration after validation: everything has a value, keys are ready to derive. */
export interface ResolvedConfig {
  secrets: readonly string[];
  /** Origin from the configured URL, or null to take it from the request. */
  origin: string | null;
  basePath: string;
  trustHost: boolean;
  providers: ReadonlyMap<string, ProviderConfig>;
  session: {
    strategy: "jwt" | "database";
    maxAge: number;
    updateAge: number;
    /** The body of a signed-out `GET session` / `POST session`: `{}` or `null`. */
    signedOut: Record<string, never> | null;
  };
  callbacks: Callbacks;
  pages: Pages;
  theme: Theme;
  cookiePrefix: string;
  /** Database sessions are also read from the session cookie's name before `__Host-` (`cookies.legacySessionCookie`). */
  legacySessionCookie: boolean;
  logger: Logger;
  httpTimeout: number;
  /** How long core waits for a mail sender, ms. */
  mailTimeout: number;
  now: () => number;
  fetch: typeof fetch;
  keys: KeyRing;
  adapter: Adapter | null;
  /** Reading next-auth v4 session cookies (`migrate.nextAuthV4`), or null when off. */
  nextAuthV4: NextAuthV4Sessions | null;
  /** The `Password` provider's settings, or null when there is none. */
  password: PasswordSettings | null;
  /** Rate limits and lockout as given (`createLimits` checks them); false when off. */
  rateLimit: RateLimitOptions | false;
  /** Two-factor: the issuer authenticator apps show (null: the app's host); enrolment required. */
  twoFactor: {
    /** The TOTP codes (`twoFactor.totp`), or null: no two-factor. */
    totp: TotpCodes | null;
    issuer: string | null;
    required: boolean;
  };
  /** Passkeys, or null when off. */
  passkeys: PasskeySettings | null;
  /** The account console's rules. */
  account: { recentSignInMaxAge: number; deletion: boolean; newSignInAlert: boolean };
  /** The app's event handlers (only those it configured). */
  events: Events;
  /** The audit log's settings; false: no entry is stored. */
  audit: AuditSettings | false;
  /** Roles and the admin API: bootstrap administrators and the assignable roles. */
  admin: AdminSettings;
  /** The languages of the pages and mails, and each one's messages (the app's overrides included). */
  i18n: I18nSettings;
}

/**
 * Validates options once, at start-up. Misuse throws a `ConfigError` (a `TypeError`) whose message
 * says how to fix it; nothing here runs per request.
 */
export function resolveConfig(
  options: GatehouseOptions,
  /** Core's messages the app's modules give, by language (a language module's; see composeModules). */
  moduleMessages: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
): ResolvedConfig {
  const secrets = (Array.isArray(options.secret) ? options.secret : [options.secret]).filter(
    (s) => typeof s === "string" && s.length > 0,
  );
  if (secrets.length === 0) {
    throw new ConfigError(
      "Gatehouse: no secret. Set AUTH_SECRET (or the `secret` option) to a random value of at least 32 characters, e.g. `openssl rand -base64 33`.",
    );
  }
  for (const secret of secrets) {
    if (secret.length < 32) {
      throw new ConfigError(
        "Gatehouse: a secret is shorter than 32 characters. Use a random value, e.g. `openssl rand -base64 33`.",
      );
    }
  }

  let origin: string | null = null;
  let basePath = options.basePath;
  if (options.url) {
    let parsed: URL;
    try {
      parsed = new URL(options.url);
    } catch {
      throw new ConfigError(`Gatehouse: AUTH_URL / url is not a valid URL: ${JSON.stringify(options.url)}.`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      throw new ConfigError("Gatehouse: AUTH_URL / url must be an http or https URL.");
    }
    origin = parsed.origin;
    if (basePath === undefined && parsed.pathname !== "/") basePath = parsed.pathname;
  }
  basePath = normalizeBasePath(basePath ?? DEFAULTS.basePath);

  const trustHost = options.trustHost ?? false;
  if (!origin && !trustHost && isProduction()) {
    throw new ConfigError(
      "Gatehouse: in production set AUTH_URL (the public URL of the auth endpoint, e.g. https://app.example.com/api/auth), or AUTH_TRUST_HOST=true when a trusted proxy sets the Host and X-Forwarded-* headers.",
    );
  }

  const providers = new Map<string, ProviderConfig>();
  for (const provider of options.providers ?? []) {
    checkProvider(provider);
    if (providers.has(provider.id))
      throw new ConfigError(`Gatehouse: two providers have the id "${provider.id}".`);
    providers.set(provider.id, provider);
  }

  for (const provider of providers.values()) {
    checkRegistrationAndLogout(provider, { adapter: options.adapter, strategy: options.session?.strategy });
  }
  const adapterForEmail = options.adapter;
  for (const provider of providers.values()) {
    if (provider.type !== "email") continue;
    const needed = [
      "createVerificationToken",
      "useVerificationToken",
      "getUserByEmail",
      "createUser",
      "updateUser",
    ] as const;
    const missing = needed.filter((m) => typeof adapterForEmail?.[m] !== "function");
    if (missing.length > 0) {
      throw new ConfigError(
        `Gatehouse: email provider "${provider.id}" needs an adapter with ${missing.join(", ")} (e.g. @gatehouse/sql).`,
      );
    }
  }

  const maxAge = options.session?.maxAge ?? DEFAULTS.maxAge;
  const updateAge = options.session?.updateAge ?? DEFAULTS.updateAge;
  if (!(maxAge > 0) || !(updateAge >= 0)) {
    throw new ConfigError("Gatehouse: session.maxAge must be > 0 and session.updateAge ≥ 0 (seconds).");
  }
  const signedOutOption = options.session?.signedOut ?? "{}";
  if (signedOutOption !== "{}" && signedOutOption !== "null") {
    throw new ConfigError(
      `Gatehouse: session.signedOut must be "{}" (Auth.js v4's answer, the default) or "null" (Auth.js v5's), got ${JSON.stringify(signedOutOption)}.`,
    );
  }
  const adapter = options.adapter ?? null;
  const strategy = options.session?.strategy ?? (adapter ? "database" : "jwt");
  if (strategy === "database" && !adapter) {
    throw new ConfigError("Gatehouse: session strategy 'database' needs an adapter (the `adapter` option).");
  }

  const prefix = options.cookies?.prefix ?? DEFAULTS.cookiePrefix;
  if (!/^[A-Za-z0-9_-]+$/.test(prefix)) {
    throw new ConfigError("Gatehouse: cookies.prefix may only contain letters, digits, '-' and '_'.");
  }
  const legacySessionCookie = options.cookies?.legacySessionCookie ?? false;
  if (typeof legacySessionCookie !== "boolean") {
    throw new ConfigError("Gatehouse: cookies.legacySessionCookie must be true or false.");
  }

  const logger = options.logger ?? consoleLogger;
  if (options.rateLimit === false && isProduction()) {
    logger.warn(
      "RateLimitOff",
      "rateLimit: false in production: nothing limits password guessing or mail sending.",
    );
  }
  const password = resolvePassword(providers.values(), options.adapter, logger);
  if (options.passkeys && providers.has("passkey")) {
    throw new ConfigError(
      'Gatehouse: with passkeys on, no provider may have the id "passkey": passkey sign-in is listed under it.',
    );
  }
  return {
    secrets,
    origin,
    basePath,
    trustHost,
    providers,
    session: {
      strategy,
      maxAge,
      updateAge,
      signedOut: signedOutOption === "null" ? null : Object.freeze({}),
    },
    callbacks: options.callbacks ?? {},
    pages: checkPages(options.pages ?? {}),
    theme: options.theme ?? {},
    cookiePrefix: prefix,
    legacySessionCookie,
    logger,
    httpTimeout: options.httpTimeout ?? DEFAULTS.httpTimeout,
    mailTimeout: checkMailTimeout(options.mailTimeout),
    now: options.now ?? Date.now,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    keys: new KeyRing(secrets),
    adapter,
    nextAuthV4: resolveMigration(options.migrate, { adapter, cookiePrefix: prefix }),
    password,
    rateLimit: options.rateLimit ?? {},
    twoFactor: {
      totp: checkTotp(options.twoFactor?.totp),
      issuer: checkIssuer(options.twoFactor?.issuer),
      required: checkRequired(options.twoFactor?.required, adapter, options.twoFactor?.totp),
    },
    account: checkAccount(options.account),
    passkeys: resolvePasskeys(options.passkeys, {
      publicUrl: options.url ?? null,
      adapter,
      password,
    }),
    events: checkEvents(options.events),
    audit: checkAuditOptions(options.audit),
    admin: resolveAdmin(options.admin),
    i18n: resolveI18n(options.i18n, moduleMessages),
  };
}

function checkAccount(account: unknown): ResolvedConfig["account"] {
  const given = (account ?? {}) as {
    recentSignInMaxAge?: unknown;
    deletion?: unknown;
    newSignInAlert?: unknown;
  };
  if (typeof given !== "object" || given === null) {
    throw new ConfigError("Gatehouse: account must be an object, e.g. { recentSignInMaxAge: 600 }.");
  }
  const { recentSignInMaxAge = 600, deletion = true, newSignInAlert = true } = given;
  if (
    typeof recentSignInMaxAge !== "number" ||
    !Number.isInteger(recentSignInMaxAge) ||
    recentSignInMaxAge < 1
  ) {
    throw new ConfigError(
      "Gatehouse: account.recentSignInMaxAge must be a whole number of seconds, at least 1 (default 600).",
    );
  }
  if (typeof deletion !== "boolean")
    throw new ConfigError("Gatehouse: account.deletion must be true or false.");
  if (typeof newSignInAlert !== "boolean") {
    throw new ConfigError("Gatehouse: account.newSignInAlert must be true or false.");
  }
  return { recentSignInMaxAge, deletion, newSignInAlert };
}

const INSTALL_TWO_FACTOR =
  'npm install @gatehouse/two-factor, then twoFactor: { totp: totp() } with import { totp } from "@gatehouse/two-factor"';

function checkTotp(given: unknown): TotpCodes | null {
  if (given === undefined) return null;
  if (!isTotpCodes(given)) {
    throw new ConfigError(
      `Gatehouse: twoFactor.totp must be the TOTP codes, which ship in their own package: ${INSTALL_TWO_FACTOR}.`,
    );
  }
  return given;
}

function checkRequired(required: unknown, adapter: Adapter | null, totp: unknown): boolean {
  if (required === undefined || required === false) return false;
  if (required !== true) throw new ConfigError("Gatehouse: twoFactor.required must be true or false.");
  if (totp === undefined) {
    throw new ConfigError(`Gatehouse: twoFactor.required needs the TOTP codes: ${INSTALL_TWO_FACTOR}.`);
  }
  if (
    !adapter ||
    typeof adapter.getTwoFactor !== "function" ||
    typeof adapter.startTwoFactor !== "function"
  ) {
    throw new ConfigError(
      "Gatehouse: twoFactor.required needs an adapter that keeps two-factor enrolments (@gatehouse/sql, or createMemoryAdapter() for tests).",
    );
  }
  return true;
}

function checkIssuer(issuer: unknown): string | null {
  if (issuer === undefined) return null;
  // The issuer is also the label's prefix (`issuer:account`): a colon there would misplace the split.
  if (typeof issuer !== "string" || issuer.trim() === "" || issuer.includes(":")) {
    throw new ConfigError("Gatehouse: twoFactor.issuer must be a non-empty name without ':', e.g. \"Acme\".");
  }
  return issuer;
}

function normalizeBasePath(path: string): string {
  const trimmed = `/${path.replace(/^\/+|\/+$/g, "")}`;
  if (!/^(\/[A-Za-z0-9._~-]+)*\/?$/.test(trimmed)) {
    throw new ConfigError(
      `Gatehouse: basePath ${JSON.stringify(path)} must be a plain URL path like /api/auth.`,
    );
  }
  return trimmed === "/" ? "" : trimmed;
}

function checkProvider(provider: ProviderConfig): void {
  if (!provider || typeof provider.id !== "string" || !/^[a-z0-9_-]{1,64}$/.test(provider.id)) {
    throw new ConfigError("Gatehouse: a provider id must be 1–64 lowercase letters, digits, '-' or '_'.");
  }
  if (provider.type === "credentials") {
    if (typeof provider.authorize !== "function") {
      throw new ConfigError(
        `Gatehouse: credentials provider "${provider.id}" needs an authorize() function.`,
      );
    }
    checkCredentialInputs(provider.id, provider.credentials);
    return;
  }
  if (provider.type === "password") return; // resolvePassword checks it, with the adapter
  if (provider.type === "email") {
    if (typeof provider.sendVerificationRequest !== "function") {
      throw new ConfigError(
        `Gatehouse: email provider "${provider.id}" needs sendVerificationRequest (e.g. smtpSender() from @gatehouse/smtp).`,
      );
    }
    return;
  }
  if (provider.type !== "oidc" && provider.type !== "oauth") {
    throw new ConfigError(`Gatehouse: provider "${provider.id}" has an unknown type.`);
  }
  if (!provider.clientId && !provider.registration) {
    throw new ConfigError(
      `Gatehouse: provider "${provider.id}" has no client id. Set AUTH_${envName(provider.id)}_ID, or \`registration\` to register dynamically.`,
    );
  }
  if (provider.type === "oidc" && !provider.issuer) {
    throw new ConfigError(
      `Gatehouse: OIDC provider "${provider.id}" needs an issuer. Set AUTH_${envName(provider.id)}_ISSUER.`,
    );
  }
  if (
    provider.type === "oauth" &&
    !provider.issuer &&
    (!provider.authorization?.url || !provider.token?.url)
  ) {
    throw new ConfigError(
      `Gatehouse: OAuth provider "${provider.id}" needs an issuer or authorization.url and token.url.`,
    );
  }
  checkClientOptions(provider);
}

function checkPages(pages: Pages): Pages {
  for (const [name, value] of Object.entries(pages)) {
    if (value === undefined) continue;
    if (
      typeof value !== "string" ||
      !(value.startsWith("/") || /^https?:\/\//.test(value)) ||
      value.startsWith("//")
    ) {
      throw new ConfigError(`Gatehouse: pages.${name} must be a path starting with / or an http(s) URL.`);
    }
  }
  return pages;
}

/** The `AUTH_<ID>_…` stem for a provider id. */

/** Logs codes and internal causes; never request secrets (callers pass causes without tokens). */
const consoleLogger: Logger = {
  error: (code, detail) => console.error(`[gatehouse][error] ${code}`, detail ?? ""),
  warn: (code, detail) => console.warn(`[gatehouse][warn] ${code}`, detail ?? ""),
  info: (code, detail) => console.info(`[gatehouse][info] ${code}`, detail ?? ""),
};

/**
 * The sign-in page renders every credentials field: a field the page cannot render (a label that is
 * not text, say, from a JavaScript caller) is refused here, at start-up, not on the first page view.
 */
function checkCredentialInputs(id: string, credentials: unknown): void {
  if (typeof credentials !== "object" || credentials === null) {
    throw new ConfigError(
      `Gatehouse: credentials provider "${id}" needs \`credentials\`: the form fields by name.`,
    );
  }
  for (const [name, input] of Object.entries(credentials)) {
    const fields = (input ?? {}) as Record<string, unknown>;
    const wrong = ["label", "type", "placeholder", "autocomplete"].find(
      (key) => fields[key] !== undefined && typeof fields[key] !== "string",
    );
    if (
      typeof input !== "object" ||
      input === null ||
      wrong !== undefined ||
      !["undefined", "boolean"].includes(typeof fields.required)
    ) {
      throw new ConfigError(
        `Gatehouse: credentials provider "${id}", field "${name}": label, type, placeholder and autocomplete must be strings and required a boolean.`,
      );
    }
  }
}

function checkMailTimeout(value: number | undefined): number {
  if (value === undefined) return DEFAULTS.mailTimeout;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new ConfigError("Gatehouse: mailTimeout is in milliseconds: a positive number (default 10000).");
  }
  return value;
}
