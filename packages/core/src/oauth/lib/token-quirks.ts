import { decodeJwt } from "jose";
import type { AuthorizationServer } from "oauth4webapi";
import type { OAuthProviderConfig } from "../../providers/types.ts";

/** A tenant id put into an issuer template: letters, digits and `-` only (a GUID), so it cannot add a path. */
const TENANT = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The issuer a discovery document must name: the provider's `issuerTemplate` (Entra ID `common` answers
 * `https://login.microsoftonline.com/{tenantid}/v2.0`), else the configured issuer.
 */
export function expectedDiscoveryIssuer(provider: OAuthProviderConfig): string | undefined {
  return provider.issuerTemplate?.template ?? provider.issuer;
}

/**
 * Applies a provider's token-response quirks before oauth4webapi validates the response: `token.conform`
 * reshapes the body, and with an `issuerTemplate` the issuer to hold the ID token to becomes the template
 * filled with the token's own tenant claim.
 *
 * Why that is safe: the tenant only selects which of the template's issuers is expected; oauth4webapi
 * then requires `iss` to equal it exactly, and the signature (against the configured issuer's key set),
 * `aud`, `exp` and `nonce` are checked as for any provider. A token whose `iss` names another tenant than
 * its `tid`, or another host than the template's, fails. A missing or odd `tid` leaves the template itself
 * as the expected issuer, which no real token carries. What it cannot do is restrict *which* tenants may
 * sign in — that is what `common` means; pin `tenantId` or check `profile.tid` in the `signIn` callback.
 */
export async function applyTokenQuirks(
  provider: OAuthProviderConfig,
  as: AuthorizationServer,
  response: Response,
): Promise<{ as: AuthorizationServer; response: Response }> {
  const conform = provider.token?.conform;
  const template = provider.issuerTemplate;
  if ((conform === undefined && template === undefined) || response.status !== 200) return { as, response };
  const parsed: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  // Not a JSON object: leave it to oauth4webapi, which rejects it with its own error.
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { as, response };
  let body = parsed as Record<string, unknown>;
  let out = response;
  if (conform !== undefined) {
    body = conform(body);
    out = new Response(JSON.stringify(body), {
      status: response.status,
      headers: { "content-type": "application/json" },
    });
  }
  if (template === undefined || typeof body.id_token !== "string") return { as, response: out };
  let tenant: unknown;
  try {
    tenant = decodeJwt(body.id_token)[template.claim];
  } catch {
    return { as, response: out };
  }
  if (typeof tenant !== "string" || !TENANT.test(tenant)) return { as, response: out };
  return { as: { ...as, issuer: template.template.replace(template.placeholder, tenant) }, response: out };
}
