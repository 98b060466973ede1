type Env = Record<string, string | undefined>;

/** A provider id as it appears in environment variable names: `my-idp` → `MY_IDP`. */
export function envName(id: string): string {
  return id.toUpperCase().replace(/-/g, "_");
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
