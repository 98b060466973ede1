import { type AccessTokenVerifierOptions, ConfigError } from "@gatehouse/core";

type Env = Record<string, string | undefined>;

/** The bearer API's issuer settings from the environment; `undefined` fields are left to development defaults. */
export interface ResourceApiSettings {
  /** `API_ISSUER`. */
  issuer?: string;
  /** `API_AUDIENCE`, comma-separated for several. */
  audience?: string[];
  /** `API_INTROSPECTION_CLIENT_ID` + `API_INTROSPECTION_CLIENT_SECRET`: turns on opaque tokens. */
  introspection?: { clientId: string; clientSecret: string };
}

/**
 * Reads `API_ISSUER`, `API_AUDIENCE` and `API_INTROSPECTION_CLIENT_ID` / `_SECRET`. Each pair is set
 * together or not at all; one without the other is a `TypeError` naming the missing variable.
 *
 * @example const api = resourceApiSettings(process.env);
 */
export function resourceApiSettings(env: Env): ResourceApiSettings {
  const issuer = env.API_ISSUER?.trim() || undefined;
  const audience = env.API_AUDIENCE?.split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const hasAudience = audience !== undefined && audience.length > 0;
  if (Boolean(issuer) !== hasAudience) {
    throw new ConfigError(
      [
        `Gatehouse web app: the bearer API needs both API_ISSUER and API_AUDIENCE. Missing: ${issuer ? "API_AUDIENCE" : "API_ISSUER"}.`,
        "  API_ISSUER    the issuer of the access tokens, e.g. https://id.example.com",
        "  API_AUDIENCE  this API's identifier in their aud claim, e.g. https://app.example.com/api/resource",
      ].join("\n"),
    );
  }
  const clientId = env.API_INTROSPECTION_CLIENT_ID?.trim() || undefined;
  const clientSecret = env.API_INTROSPECTION_CLIENT_SECRET?.trim() || undefined;
  if (Boolean(clientId) !== Boolean(clientSecret)) {
    throw new ConfigError(
      `Gatehouse web app: introspection needs both API_INTROSPECTION_CLIENT_ID and API_INTROSPECTION_CLIENT_SECRET. Missing: ${clientId ? "API_INTROSPECTION_CLIENT_SECRET" : "API_INTROSPECTION_CLIENT_ID"}.`,
    );
  }
  return {
    ...(issuer && hasAudience ? { issuer, audience } : {}),
    ...(clientId && clientSecret ? { introspection: { clientId, clientSecret } } : {}),
  };
}

/**
 * Verifier options: the environment's, else in development the bundled provider (`dev`); null (the
 * API is off) in production without `API_ISSUER`.
 */
export function resourceVerifierOptions(
  settings: ResourceApiSettings,
  dev: { issuer: string; audience: string; introspection: { clientId: string; clientSecret: string } } | null,
): AccessTokenVerifierOptions | null {
  if (settings.issuer !== undefined && settings.audience !== undefined) {
    return {
      issuer: settings.issuer,
      audience: settings.audience,
      ...(settings.introspection ? { introspection: settings.introspection } : {}),
    };
  }
  if (dev === null) return null;
  return {
    issuer: dev.issuer,
    audience: dev.audience,
    introspection: settings.introspection ?? dev.introspection,
  };
}
