import type { OAuthProviderConfig } from "../types.ts";
import { type PresetOptions, preset, tenantIssuer } from "./lib/preset.ts";

/**
 * Auth0 (OpenID Connect). The issuer is the tenant domain *with* a trailing slash
 * (`https://example.eu.auth0.com/`) — Auth0's ID tokens carry it, so it is added when missing.
 * Env: `AUTH_AUTH0_ID`, `AUTH_AUTH0_SECRET`, `AUTH_AUTH0_ISSUER`.
 *
 * @example providers: [Auth0({ issuer: "https://example.eu.auth0.com" })]
 */
export function Auth0(options: PresetOptions = {}): OAuthProviderConfig {
  const issuer = tenantIssuer(options, "auth0", "Auth0", true);
  return preset(
    { id: "auth0", name: "Auth0", type: "oidc", issuer, style: { bg: "#eb5424", text: "#ffffff" } },
    { ...options, issuer },
  );
}
