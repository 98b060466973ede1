import type { OAuthProviderConfig } from "../types.ts";
import { optionalEnv, type PresetOptions, preset, str } from "./lib/preset.ts";

/**
 * Salesforce (OpenID Connect): `https://login.salesforce.com` by default; a sandbox
 * (`https://test.salesforce.com`) or an Experience Cloud site through `issuer` / `AUTH_SALESFORCE_ISSUER`.
 * The id is the `user_id` from userinfo. Env: `AUTH_SALESFORCE_ID`, `AUTH_SALESFORCE_SECRET`.
 *
 * @example providers: [Salesforce()]
 */
export function Salesforce(options: PresetOptions = {}): OAuthProviderConfig {
  const issuer = (
    options.issuer ??
    optionalEnv(options, "salesforce", "ISSUER") ??
    "https://login.salesforce.com"
  ).replace(/\/+$/, "");
  return preset(
    {
      id: "salesforce",
      name: "Salesforce",
      type: "oidc",
      issuer,
      profile: (p) => ({
        id: str(p.user_id) ?? str(p.sub) ?? "",
        name: str(p.name),
        email: str(p.email),
        image: str(p.picture),
      }),
      style: { bg: "#00a1e0", text: "#ffffff" },
    },
    { ...options, issuer },
  );
}
