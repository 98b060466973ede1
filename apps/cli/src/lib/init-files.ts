// What `gatehouse init` writes. The config file is the web app's (apps/web/src/server/config-file.ts
// loads it): a module whose default export sets only the keys that loader allows. It is typed with a
// type-only import, which Node's type stripping erases, so the file loads wherever it is put even
// where @gatehouse/core is not installed; the commented lines show core's defaults.

/** The config file's name; the web app loads it from its own folder (apps/web). */
export const CONFIG_FILE = "gatehouse.config.ts";

/** The environment file's name. */
export const ENV_FILE = ".env";

/** The contents of `gatehouse.config.ts`. */
export function configFileText(): string {
  return `// Gatehouse configuration, written by \`gatehouse init\`. The web app loads gatehouse.config.ts from
// its folder (apps/web). What differs per deployment stays in the environment (.env): AUTH_SECRET,
// AUTH_URL, AUTH_TRUST_HOST, DATABASE_URL, AUTH_<ID>_ISSUER / _ID / _SECRET, SMTP_URL, EMAIL_FROM.
// The commented lines show the defaults; uncomment one to change it.
import type { GatehouseOptions } from "@gatehouse/core";

/** What this file may set; the web app refuses any other key at start-up. */
type Config = Partial<
  Pick<
    GatehouseOptions,
    | "providers"
    | "callbacks"
    | "pages"
    | "theme"
    | "session"
    | "cookies"
    | "logger"
    | "httpTimeout"
    | "rateLimit"
  >
>;

export default {
  // Added to the providers from the environment (and, in development, the bundled ones).
  providers: [],

  // The look of the built-in sign-in, sign-out and error pages.
  // theme: { colorScheme: "auto", brandColor: "#346df1", buttonText: "#fff" },

  // Session lifetime and how often its expiry slides, in seconds: 30 days and 1 day.
  // session: { maxAge: 30 * 24 * 60 * 60, updateAge: 24 * 60 * 60 },

  // Cookie names start with this prefix.
  // cookies: { prefix: "gatehouse" },

  // Time limit of each request to a provider, in milliseconds.
  // httpTimeout: 3500,

  // Rate limits and lockout are on; behind a reverse proxy, say how many proxies append
  // X-Forwarded-For (never without one: clients could then pick their own address). docs/rate-limits.md
  // rateLimit: { trustedProxies: 1 },

  // Your own pages instead of the built-in ones (paths on this site).
  // pages: { signIn: "/login", error: "/auth-error" },

  // Refuse a sign-in: return false (or a URL to redirect to).
  // callbacks: { signIn: ({ user }) => user.email?.endsWith("@example.com") ?? false },
} satisfies Config;
`;
}

/** The contents of `.env`: the secret set, every other variable commented with an example. */
export function envFileText(secret: string): string {
  return `# Gatehouse environment, written by \`gatehouse init\`. It holds the secret: keep it out of version
# control and readable by the app only (it was written with mode 0600). Load it with
# node --env-file=.env, your process manager or your container's env file; the gatehouse database
# commands take --dotenv .env.

# Signs and encrypts sessions and tokens. To rotate: move it to AUTH_SECRET_1, set a new one
# (\`gatehouse secret\` prints one).
AUTH_SECRET=${secret}

# Public URL of the auth endpoint. Required in production (NODE_ENV=production).
# AUTH_URL=https://app.example.com/api/auth
# Behind a reverse proxy you trust to set X-Forwarded-Host / X-Forwarded-Proto:
# AUTH_TRUST_HOST=true

# The database: PostgreSQL, or a SQLite file. Then run \`gatehouse migrate up --dotenv .env\`.
# DATABASE_URL=postgres://user:password@localhost:5432/gatehouse
# DATABASE_URL=sqlite:.data/gatehouse.db

# One OpenID Connect provider per issuer + client id; AUTH_KEYCLOAK_… becomes provider "keycloak".
# AUTH_KEYCLOAK_ISSUER=https://sso.example.com/realms/main
# AUTH_KEYCLOAK_ID=gatehouse
# AUTH_KEYCLOAK_SECRET=

# Email sign-in and password accounts (their verification and reset mails) over SMTP; set both.
# SMTP_URL=smtps://user:password@smtp.example.com:465
# EMAIL_FROM="Example <no-reply@example.com>"
# Turn password accounts (sign-up, sign-in with a password) off:
# AUTH_PASSWORD=false

# NODE_ENV=production
# PORT=3000
# HOST=127.0.0.1
`;
}
