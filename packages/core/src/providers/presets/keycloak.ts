import type { OAuthProviderConfig } from "../types.ts";
import { type PresetOptions, preset, tenantIssuer } from "./lib/preset.ts";

/**
 * Keycloak (OpenID Connect): the realm's issuer, `https://id.example.com/realms/<realm>`; the name falls
 * back to `preferred_username`. Env: `AUTH_KEYCLOAK_ID`, `AUTH_KEYCLOAK_SECRET`, `AUTH_KEYCLOAK_ISSUER`.
 *
 * @example providers: [Keycloak({ issuer: "https://id.example.com/realms/main" })]
 */
export function Keycloak(options: PresetOptions = {}): OAuthProviderConfig {
  const issuer = tenantIssuer(options, "keycloak", "Keycloak", false);
  return preset(
    { id: "keycloak", name: "Keycloak", type: "oidc", issuer, style: { bg: "#ffffff", text: "#000000" } },
    { ...options, issuer },
  );
}
