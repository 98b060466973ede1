import type { MigrateOptions } from "./options.ts";

type Env = Record<string, string | undefined>;

/** What `optionsFromEnv` reads: spread it into `gatehouse({ ... })`. */
export interface EnvOptions {
  secret: string[];
  url?: string;
  trustHost?: boolean;
  migrate?: MigrateOptions;
}

/**
 * Reads the Auth.js-style variables: `AUTH_SECRET` (and `AUTH_SECRET_1`…`_3`, older secrets kept for
 * rotation), `AUTH_URL`, `AUTH_TRUST_HOST`. next-auth v4's names are accepted for an app moving
 * over: `NEXTAUTH_SECRET` stands in for `AUTH_SECRET` and `NEXTAUTH_URL` for `AUTH_URL` when those
 * are not set, and `NEXTAUTH_SECRET` turns on reading v4 session cookies (`migrate.nextAuthV4`).
 *
 * @example const auth = gatehouse({ ...optionsFromEnv(process.env), providers })
 */
export function optionsFromEnv(env: Env): EnvOptions {
  const nextAuthSecret = env.NEXTAUTH_SECRET || undefined;
  const secret = [
    env.AUTH_SECRET || nextAuthSecret,
    env.AUTH_SECRET_1,
    env.AUTH_SECRET_2,
    env.AUTH_SECRET_3,
  ].filter((s): s is string => typeof s === "string" && s.length > 0);
  const out: EnvOptions = { secret };
  const url = env.AUTH_URL || nextAuthUrl(env.NEXTAUTH_URL);
  if (url) out.url = url;
  if (env.AUTH_TRUST_HOST !== undefined)
    out.trustHost = env.AUTH_TRUST_HOST === "true" || env.AUTH_TRUST_HOST === "1";
  if (nextAuthSecret) out.migrate = { nextAuthV4: { secret: nextAuthSecret } };
  return out;
}

/** v4 read a `NEXTAUTH_URL` without a scheme as https (`parseUrl` in next-auth's `utils/parse-url.ts`). */
function nextAuthUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return value.startsWith("http") ? value : `https://${value}`;
}
