import type { OAuthProviderConfig } from "../types.ts";
import { type PresetOptions, preset, tenantIssuer } from "./lib/preset.ts";

/**
 * ZITADEL (OpenID Connect): the instance's issuer, e.g. `https://example-abc123.zitadel.cloud`.
 * Env: `AUTH_ZITADEL_ID`, `AUTH_ZITADEL_SECRET`, `AUTH_ZITADEL_ISSUER`.
 *
 * @example providers: [Zitadel({ issuer: "https://example-abc123.zitadel.cloud" })]
 */
export function Zitadel(options: PresetOptions = {}): OAuthProviderConfig {
  const issuer = tenantIssuer(options, "zitadel", "ZITADEL", false);
  return preset(
    { id: "zitadel", name: "ZITADEL", type: "oidc", issuer, style: { bg: "#ffffff", text: "#000000" } },
    { ...options, issuer },
  );
}
