import type { OAuthProviderConfig } from "../types.ts";
import { type PresetOptions, preset, tenantIssuer } from "./lib/preset.ts";

/**
 * Okta (OpenID Connect): the org authorization server (`https://example.okta.com`) or a custom one
 * (`https://example.okta.com/oauth2/default`), without a trailing slash.
 * Env: `AUTH_OKTA_ID`, `AUTH_OKTA_SECRET`, `AUTH_OKTA_ISSUER`.
 *
 * @example providers: [Okta({ issuer: "https://example.okta.com/oauth2/default" })]
 */
export function Okta(options: PresetOptions = {}): OAuthProviderConfig {
  const issuer = tenantIssuer(options, "okta", "Okta", false);
  return preset(
    { id: "okta", name: "Okta", type: "oidc", issuer, style: { bg: "#00297a", text: "#ffffff" } },
    { ...options, issuer },
  );
}
