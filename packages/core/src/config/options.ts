import type { Adapter } from "../adapter/adapter.ts";
import type { Events } from "../events/events.ts";
import type { TrustedProxies } from "../limits/client-ip.ts";
import type { LockoutOptions } from "../limits/lockout.ts";
import type { RateLimitStore } from "../limits/rate-limit-store.ts";
import type { RateLimitRule } from "../limits/rate-limiter.ts";
import type { ProviderConfig, TokenSet, User } from "../providers/types.ts";

/** The contents of a jwt-strategy session token (the JWE payload). */
export interface JWT {
  sub?: string;
  name?: string | null;
  email?: string | null;
  picture?: string | null;
  iat?: number;
  exp?: number;
  jti?: string;
  [claim: string]: unknown;
}

/** What `GET session` answers for a signed-in person. */
export interface Session {
  user?: { name?: string | null; email?: string | null; image?: string | null; [key: string]: unknown };
  /** ISO-8601 expiry. */
  expires: string;
  [key: string]: unknown;
}

/** The account the person used to sign in. */
export interface Account extends TokenSet {
  provider: string;
  type: "oauth" | "oidc" | "email" | "credentials" | "webauthn";
  providerAccountId: string;
}

export interface Callbacks {
  /** Return false to refuse the sign-in (AccessDenied), or a same-origin URL to redirect to instead. */
  signIn?: (params: {
    user: User;
    account: Account;
    profile?: Record<string, unknown>;
    credentials?: Record<string, string>;
  }) => boolean | string | Promise<boolean | string>;
  /**
   * Decides where a callback URL may lead. Default: same origin only. Whatever it returns is checked
   * again: http(s) only, and the result must be same-origin unless `allowedOrigins` lists its origin.
   */
  redirect?: (params: { url: string; baseUrl: string }) => string | Promise<string>;
  /** Shapes the token stored in the session cookie (jwt strategy). */
  jwt?: (params: {
    token: JWT;
    user?: User;
    account?: Account;
    profile?: Record<string, unknown>;
    trigger?: "signIn" | "signUp" | "update";
    session?: unknown;
  }) => JWT | null | Promise<JWT | null>;
  /** Shapes what `GET session` returns. */
  session?: (params: {
    session: Session;
    /** jwt strategy: the decrypted token; database strategy: `{ sub: user.id }`. */
    token: JWT;
    /** database strategy: the stored user. */
    user?: User;
    trigger?: "update";
    /** database strategy, on `POST session`: the data the client sent. */
    newSession?: unknown;
  }) => Session | Promise<Session>;
}

/** Custom page URLs (paths or absolute same-origin URLs). */
export interface Pages {
  signIn?: string;
  signOut?: string;
  error?: string;
  verifyRequest?: string;
  newUser?: string;
  /** The Password provider's pages: they receive `error`, `callbackUrl` (and `token`, `email` for reset). */
  signUp?: string;
  forgotPassword?: string;
  resetPassword?: string;
  /** The second step of a sign-in (receives `error`, `method`); it posts to `BASE/two-factor`. */
  twoFactor?: string;
  /** Two-factor enrolment when `twoFactor.required` (receives `callbackUrl`). */
  twoFactorSetup?: string;
}

export interface Theme {
  colorScheme?: "auto" | "light" | "dark";
  /** URL of a logo shown above the card. */
  logo?: string;
  /** CSS colour of buttons and links, e.g. `#346df1`. */
  brandColor?: string;
  /** CSS colour of the text on branded buttons. */
  buttonText?: string;
}

/** Gatehouse's cookies (docs/protocol.md §5): every one `__Host-` on https, HttpOnly, SameSite=Lax, Path=/. */
export interface CookieOptions {
  /** Prefix of every name, default `gatehouse` (letters, digits, `-`, `_`). */
  prefix?: string;
  /**
   * On https the session cookie was `__Secure-<prefix>.session-token` before it became `__Host-`. A
   * `jwt` session under the old name is always read once and moved (only tokens sealed under that
   * name open, and nothing seals them any more). `true` also moves **database** sessions from the old
   * name, so upgrading signs nobody out — but a sibling subdomain can set a cookie of that name (which
   * `__Host-` exists to prevent): turn it on for the weeks after an upgrade only. Default off.
   *
   * @example cookies: { legacySessionCookie: true } // until every returning browser has been moved
   */
  legacySessionCookie?: boolean;
}

export interface SessionOptions {
  /** Default `"database"` when an adapter is configured, else `"jwt"`. */
  strategy?: "jwt" | "database";
  /** Seconds. Default 30 days. */
  maxAge?: number;
  /** Seconds. Default 1 day. */
  updateAge?: number;
  /**
   * What `GET session` (and `POST session`) answer when nobody is signed in: `"{}"`, Auth.js v4's
   * answer, which `next-auth/react` v4 and `@gatehouse/react` read as signed out (the default); or
   * `"null"`, Auth.js v5's, for apps on `next-auth@5`'s client, whose `useSession` takes `{}` for a
   * session ("authenticated" with no user).
   */
  signedOut?: "{}" | "null";
}

/** Sessions carried over from another library while an app moves to Gatehouse (docs/migrating-from-next-auth.md). */
export interface MigrateOptions {
  /**
   * Reads next-auth v4 session cookies (its `jwt` strategy) and re-issues each as a Gatehouse
   * session on the person's first request, so switching signs nobody out. Off unless set.
   *
   * @example migrate: { nextAuthV4: { secret: process.env.NEXTAUTH_SECRET! } }
   */
  nextAuthV4?: {
    /** The secret the v4 app encrypted its session tokens with (its `secret` option or `NEXTAUTH_SECRET`). */
    secret: string;
    /**
     * The v4 session cookie's name, when the v4 app changed it (`cookies.sessionToken.name`).
     * Default `next-auth.session-token`, and `__Secure-next-auth.session-token` on https.
     */
    cookieName?: string;
  };
}

/**
 * Where Gatehouse logs, by catalogue or event code. `error`: something failed that an operator must
 * look at; `warn`: a refusal or a degraded dependency worth watching; `info`: a normal event an
 * operator may want on record (a passkey added); `debug`: detail. `info` and `debug` are optional.
 */
export interface Logger {
  error(code: string, detail?: unknown): void;
  warn(code: string, detail?: unknown): void;
  info?(code: string, detail?: unknown): void;
  debug?(code: string, detail?: unknown): void;
}

/**
 * The endpoints that check a secret or send mail, each rate limited per client IP (IPv6 by /64) and,
 * where the request names one, per identifier (the email address).
 */
export type LimitedAction =
  | "passwordSignIn"
  | "signUp"
  | "forgotPassword"
  | "resetPassword"
  | "changePassword"
  | "emailSignIn"
  | "resendVerification"
  | "verification"
  | "credentials"
  | "twoFactor"
  | "twoFactorSignIn"
  | "passkeySignIn"
  | "passkeySignUp"
  | "passkeys"
  | "accountUpdate"
  | "emailChange"
  | "reauthenticate";

/** The two limits of one endpoint; `false` turns one off. */
export interface LimitedActionRules {
  ip?: RateLimitRule | false;
  identifier?: RateLimitRule | false;
}

/** Abuse protection: rate limits and account lockout (on unless `rateLimit: false`). */
export interface RateLimitOptions {
  /**
   * Where counters live. Default: the adapter's own store (`adapter.rateLimits`, e.g. `@gatehouse/sql`
   * keeps them in its database, shared by every instance), else in memory (one instance only).
   * `createRedisRateLimitStore()` of `@gatehouse/redis` is the third option.
   */
  store?: RateLimitStore;
  /**
   * Which `X-Forwarded-For` entries to believe: the number of proxies in front of the app, or their
   * CIDR blocks. Default none: the client is the socket peer the server integration reports.
   */
  trustedProxies?: TrustedProxies;
  /** Override any endpoint's limits (see `docs/rate-limits.md` for the defaults). */
  rules?: Partial<Record<LimitedAction, LimitedActionRules>>;
  /** Lockout of an account after repeated wrong passwords; `false` turns it off. */
  lockout?: LockoutOptions | false;
  /**
   * When the store fails (Redis or the database is down): `"open"` (default) lets the request through
   * and logs `RateLimitStoreFailed`; `"closed"` answers 503 `StorageUnavailable`.
   */
  onStoreError?: "open" | "closed";
  /**
   * How long a request waits for the store, ms, before it counts as failed (`onStoreError`). Default
   * 2000: a counter is one round trip, and a Redis that accepts but never answers must not hold
   * sign-in. The call itself is left to finish; the store is then skipped for 5 s.
   */
  storeTimeout?: number;
}

/** Two-factor settings. */
export interface TwoFactorOptions {
  /**
   * The TOTP codes and QR code: `totp()` from `@gatehouse/two-factor`. Without it there is no
   * two-factor (its endpoints answer 404), and a user who has it on cannot sign in (fail closed).
   */
  totp?: import("../two-factor/totp-codes.ts").TotpCodes;
  /** The name authenticator apps show above the code (no `:`). Default: the app's host name. */
  issuer?: string;
  /**
   * Every user must have a second factor: one who signs in without one (and not with a passkey) is
   * sent to the enrolment page (`BASE/two-factor-setup`, or `pages.twoFactorSetup`) before going on.
   * Default false.
   */
  required?: boolean;
}

/** The account console's rules (docs/account.md). */
export interface AccountOptions {
  /**
   * Seconds a sign-in (or a reauthentication with a password or code) counts as recent: email change,
   * setting a password, two-factor enrolment, adding or removing a passkey and deleting the account
   * need one. Default 600 (10 minutes).
   */
  recentSignInMaxAge?: number;
  /** The signed-in user may delete their account (`account-delete`). Default true. */
  deletion?: boolean;
  /**
   * Mail a user when they sign in from a browser not seen before for their account (when the app
   * sends account mails: a Password provider or passkey sign-up). Default true.
   */
  newSignInAlert?: boolean;
}

/**
 * Passkeys (WebAuthn). The relying party defaults from the public URL (`url` / `AUTH_URL`): its
 * host is the RP ID and its origin the one origin; a setting browsers would refuse fails at start-up.
 */
export interface PasskeyOptions {
  /**
   * The WebAuthn ceremonies: `webAuthn()` from `@gatehouse/passkeys`. Core verifies no WebAuthn
   * response itself, so an app without passkeys carries no WebAuthn library.
   */
  webAuthn: import("../passkeys/ceremonies.ts").WebAuthnCeremonies;
  /** The RP ID: the public URL's host (default) or a parent domain of it. */
  rpId?: string;
  /** The name authenticators show next to the passkey. Default: the public URL's host. */
  rpName?: string;
  /** Every origin ceremonies may come from; must include the public URL's. */
  origins?: readonly string[];
  /** Passkey-only sign-up: an account from an email address and a passkey. Default true. */
  signUp?: boolean;
  /**
   * A passkey-only account's address is confirmed by a link before its passkey signs in. Default
   * true; with false, sign-up signs the new account in at once (and so tells whether an address
   * already has an account — see docs/passkeys.md).
   */
  requireEmailVerification?: boolean;
  /** Sends sign-up's mails. Default: the Password provider's `sendMail`. */
  sendMail?: (mail: import("../providers/password.ts").PasswordMail) => Promise<void>;
}

/**
 * The audit log: what happened to each account (sign-ins, failed ones, password and second-factor
 * changes, passkeys, sessions ended), kept by storage that has one (`appendAudit`: @gatehouse/sql,
 * the memory adapter). Never a secret, token, code or password in an entry.
 */
export interface AuditOptions {
  /**
   * Days entries are kept: the app's periodic clean-up passes it to `deleteOldAuditEntries`.
   * Default 90.
   */
  retentionDays?: number;
}

/**
 * Roles and the admin API (docs/admin.md). A user's role is stored on the user (`setUserRole`, by
 * another administrator); `bootstrapEmails` makes the first administrators without touching storage.
 */
export interface AdminOptions {
  /**
   * Users whose *verified* email is listed are administrators whatever their stored role — how the
   * first administrator gets in. Compared case-insensitively. Default none.
   */
  bootstrapEmails?: readonly string[];
  /**
   * The roles an administrator may assign (`admin-user-role`). `admin` is always one of them and the
   * only one that opens the admin API; the others are labels an app checks itself (e.g. `support`).
   * Default `["admin"]`.
   */
  roles?: readonly string[];
}

/**
 * Languages of the built-in pages and the mails Gatehouse sends (docs/languages.md). The language
 * of a request is, in order: `locale` (forced), `detectLocale(request)`, the `lang` query parameter,
 * the `gatehouse-lang` cookie, `Accept-Language`, then `defaultLocale` — each only when it is one of
 * `locales` (a language without region matches its first regional variant: `pt` → `pt-BR`).
 */
export interface I18nOptions {
  /**
   * The languages offered. Default: English, each language a language module in `modules` adds
   * (`@gatehouse/core/languages`), and each `messages` adds. A language listed here needs one of those.
   */
  locales?: readonly string[];
  /** When nothing else decides. Default `en`. */
  defaultLocale?: string;
  /** Forces one language for every request. */
  locale?: string;
  /** Decides per request (e.g. from the user's profile); undefined or an unknown language falls through. */
  detectLocale?: (request: Request) => string | null | undefined;
  /**
   * Messages to add or override, by language: `{ de: { "signin.title": "Anmelden bei Acme" } }`. A
   * language not built in must give every key (a start-up error lists the missing ones).
   */
  messages?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** Everything Gatehouse is configured with. */
export interface GatehouseOptions {
  /** One secret, or several for rotation (the first signs/encrypts, all verify/decrypt). ≥ 32 characters. */
  secret: string | string[];
  /** Public URL of the auth endpoint (origin + base path), e.g. `https://app.example.com/api/auth`. */
  url?: string;
  /** Take the origin from the request (and `X-Forwarded-*` headers) when `url` is not set. */
  trustHost?: boolean;
  /** Default `/api/auth`, or the path of `url`. */
  basePath?: string;
  providers: ProviderConfig[];
  session?: SessionOptions;
  callbacks?: Callbacks;
  pages?: Pages;
  theme?: Theme;
  cookies?: CookieOptions;
  /** Storage. With an adapter, sessions default to the `database` strategy and users are persisted. */
  adapter?: Adapter;
  logger?: Logger;
  /** Carry sessions over from next-auth v4: see `MigrateOptions`. */
  migrate?: MigrateOptions;
  /** Rate limits and lockout; `false` turns them off (never in production). Default on. */
  rateLimit?: RateLimitOptions | false;
  /** Two-factor sign-in (TOTP and backup codes, for users who turn it on). */
  twoFactor?: TwoFactorOptions;
  /** The account console's rules: how recent a sign-in sensitive actions need, account deletion. */
  account?: AccountOptions;
  /**
   * Passkeys: settings with the WebAuthn ceremonies (`{ webAuthn: webAuthn() }`, from
   * `@gatehouse/passkeys`). Off by default; needs an adapter.
   */
  passkeys?: PasskeyOptions | false;
  /**
   * Handlers for what happens: Auth.js's events (`signIn`, `signOut`, `createUser`, `updateUser`,
   * `linkAccount`, `session`) with the same messages, and `audit` (each audit entry). Awaited, at
   * most 3 s each; a failing handler is logged (`EventHandlerFailed`) and never fails the request.
   */
  events?: Events;
  /**
   * The audit log (see `AuditOptions`). Default on, 90 days. `false` stores no entry — an `audit`
   * event handler still receives each one (with `id: null`), so an app can keep its log elsewhere.
   */
  audit?: AuditOptions | false;
  /** Roles and the admin API: bootstrap administrators and the roles that can be assigned. */
  admin?: AdminOptions;
  /** Languages of the built-in pages and mails (default: English and the language modules', chosen per request). */
  i18n?: I18nOptions;
  /**
   * Feature modules (docs/modules.md): each brings its endpoints, messages and start-up checks.
   * An endpoint two of them (or one and core) add is a start-up error.
   */
  modules?: readonly import("../modules/module.ts").GatehouseModule[];
  /** Outgoing request timeout to providers, ms. Default 3500. */
  httpTimeout?: number;
  /**
   * How long core waits for a mail sender (`sendVerificationRequest`, `sendMail`), ms. Default
   * 10000. Past it, email sign-in answers `EmailSignin` and the send is left to finish (logged).
   */
  mailTimeout?: number;
  /** Injected for tests: the clock (ms since epoch). */
  now?: () => number;
  /** Injected for tests: the fetch used for provider requests. */
  fetch?: typeof fetch;
}
