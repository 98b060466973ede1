import { ConfigError } from "../../errors/config-error.ts";
import type { OAuthProviderConfig } from "../types.ts";
import { optionalEnv, type PresetOptions, preset, str } from "./lib/preset.ts";

const ID = "microsoft-entra-id";
/** The tenant every personal Microsoft account signs in through (`consumers`). */
const CONSUMERS_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";
const TEMPLATE = "https://login.microsoftonline.com/{tenantid}/v2.0";

/**
 * Microsoft Entra ID (OpenID Connect). `tenantId` (or `AUTH_MICROSOFT_ENTRA_ID_TENANT_ID`) is a tenant
 * GUID, or `common` (default: work and personal accounts), `organizations` or `consumers`. For
 * `common`/`organizations` discovery answers the templated issuer `…/{tenantid}/v2.0`, and the ID
 * token's `iss` is accepted only when it is that template filled with the token's own `tid`.
 * Env: `AUTH_MICROSOFT_ENTRA_ID_ID`, `AUTH_MICROSOFT_ENTRA_ID_SECRET`.
 *
 * @example providers: [MicrosoftEntraID({ tenantId: "00000000-0000-0000-0000-000000000000" })]
 */
export function MicrosoftEntraID(options: PresetOptions & { tenantId?: string } = {}): OAuthProviderConfig {
  const { tenantId: configured, ...rest } = options;
  const tenantId = configured ?? optionalEnv(rest, ID, "TENANT_ID") ?? "common";
  if (!/^[A-Za-z0-9.-]{1,100}$/.test(tenantId)) {
    throw new ConfigError(
      "Gatehouse: MicrosoftEntraID tenantId must be a tenant GUID, common, organizations or consumers.",
    );
  }
  const multiTenant = tenantId === "common" || tenantId === "organizations";
  const issuerTemplate = multiTenant
    ? { template: TEMPLATE, placeholder: "{tenantid}", claim: "tid" }
    : tenantId === "consumers"
      ? // `consumers` discovery names the one consumer tenant's issuer, not `…/consumers/v2.0`.
        {
          template: TEMPLATE.replace("{tenantid}", CONSUMERS_TENANT),
          placeholder: "{tenantid}",
          claim: "tid",
        }
      : undefined;
  return preset(
    {
      id: ID,
      name: "Microsoft Entra ID",
      type: "oidc",
      issuer: `https://login.microsoftonline.com/${tenantId}/v2.0`,
      ...(issuerTemplate ? { issuerTemplate } : {}),
      authorization: { params: { scope: "openid profile email User.Read" } },
      // `picture` from userinfo is a Graph URL that needs the access token: useless in an <img>.
      profile: (p) => ({ id: str(p.sub) ?? "", name: str(p.name), email: str(p.email), image: null }),
      style: { bg: "#0072c6", text: "#ffffff" },
    },
    rest,
  );
}
