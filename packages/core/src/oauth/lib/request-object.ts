import * as oauth from "oauth4webapi";
import type { OAuthProviderConfig } from "../../providers/types.ts";
import { clientSigningKey } from "./client-key.ts";

/** Lifetime of a signed request object, seconds (seed §9). oauth4webapi's own default is 60. */
export const REQUEST_OBJECT_TTL_S = 300;

/**
 * Signs the authorization parameters into a request object (RFC 9101: `typ` oauth-authz-req+jwt,
 * `iss` = `client_id`, `aud` = the issuer, a fresh `jti`, `exp` = `iat` + 300 s) and returns the
 * parameters that replace them: `client_id` and `request` only, so nothing outside the signature can
 * change what the provider acts on.
 */
export async function requestObjectParams(
  provider: OAuthProviderConfig,
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  params: URLSearchParams,
): Promise<URLSearchParams> {
  const key = await clientSigningKey(provider);
  const request = await oauth.issueRequestObject(as, client, params, key, {
    [oauth.modifyAssertion]: (_header, payload) => {
      if (typeof payload.iat === "number") payload.exp = payload.iat + REQUEST_OBJECT_TTL_S;
    },
  });
  return new URLSearchParams({ client_id: client.client_id, request });
}
