import type { OAuthProviderConfig } from "../types.ts";
import { type PresetOptions, preset, str, tenantIssuer } from "./lib/preset.ts";

/**
 * Amazon Cognito user pools (OpenID Connect). The issuer is the pool's
 * `https://cognito-idp.<region>.amazonaws.com/<user-pool-id>`; a person with no `name` attribute is
 * named by `cognito:username`. Env: `AUTH_COGNITO_ID`, `AUTH_COGNITO_SECRET`, `AUTH_COGNITO_ISSUER`.
 *
 * @example providers: [Cognito({ issuer: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123" })]
 */
export function Cognito(options: PresetOptions = {}): OAuthProviderConfig {
  const issuer = tenantIssuer(options, "cognito", "Cognito", false);
  return preset(
    {
      id: "cognito",
      name: "Cognito",
      type: "oidc",
      issuer,
      profile: (p) => ({
        id: str(p.sub) ?? "",
        name: str(p.name) ?? str(p["cognito:username"]),
        email: str(p.email),
        image: str(p.picture),
      }),
      style: { bg: "#ff9900", text: "#000000" },
    },
    { ...options, issuer },
  );
}
