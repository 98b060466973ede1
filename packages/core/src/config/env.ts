type Env = Record<string, string | undefined>;

/** A provider id as it appears in environment variable names: `my-idp` → `MY_IDP`. */
export function envName(id: string): string {
  return id.toUpperCase().replace(/-/g, "_");
}

/**
 * Reads the Auth.js-style variables: `AUTH_SECRET` (and `AUTH_SECRET_1`…`_3`, older secrets kept for
 * rotation), `AUTH_URL`, `AUTH_TRUST_HOST`.
 *
 * @example const auth = gatehouse({ ...optionsFromEnv(process.env), providers })
 */
export function optionsFromEnv(env: Env): { secret: string[]; url?: string; trustHost?: boolean } {
  const secret = [env.AUTH_SECRET, env.AUTH_SECRET_1, env.AUTH_SECRET_2, env.AUTH_SECRET_3].filter(
    (s): s is string => typeof s === "string" && s.length > 0,
  );
  const out: { secret: string[]; url?: string; trustHost?: boolean } = { secret };
  if (env.AUTH_URL) out.url = env.AUTH_URL;
  if (env.AUTH_TRUST_HOST !== undefined)
    out.trustHost = env.AUTH_TRUST_HOST === "true" || env.AUTH_TRUST_HOST === "1";
  return out;
}

/**
 * A provider's credentials from `AUTH_<ID>_ID`, `AUTH_<ID>_SECRET` and `AUTH_<ID>_ISSUER`; null when
 * `AUTH_<ID>_ID` is not set.
 *
 * @example const keycloak = providerFromEnv("keycloak", process.env)
 */
export function providerFromEnv(
  id: string,
  env: Env,
): { clientId: string; clientSecret?: string; issuer?: string } | null {
  const stem = `AUTH_${envName(id)}`;
  const clientId = env[`${stem}_ID`];
  if (!clientId) return null;
  const out: { clientId: string; clientSecret?: string; issuer?: string } = { clientId };
  const secret = env[`${stem}_SECRET`];
  const issuer = env[`${stem}_ISSUER`];
  if (secret) out.clientSecret = secret;
  if (issuer) out.issuer = issuer;
  return out;
}
