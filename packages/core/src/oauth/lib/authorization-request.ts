import type * as oauth from "oauth4webapi";
import { AuthError } from "../../errors/auth-error.ts";
import type { OAuthProviderConfig } from "../../providers/types.ts";
import type { OAuthRuntime } from "../runtime.ts";
import { oauthClient } from "./client.ts";
import { pushAuthorizationRequest, usesPushedAuthorization } from "./par.ts";
import { requestObjectParams } from "./request-object.ts";

/**
 * Turns the authorization URL with its plain parameters into the URL the browser goes to, in this
 * order: `response_mode`, then a signed request object (RFC 9101) when configured or required, then a
 * pushed authorization request (RFC 9126) when the provider has or requires one — after which the
 * browser's URL carries only `client_id` and `request_uri`.
 */
export async function authorizationRequestUrl(
  provider: OAuthProviderConfig,
  input: { as: oauth.AuthorizationServer; url: URL; runtime: OAuthRuntime },
): Promise<string> {
  const { as, runtime } = input;
  const url = new URL(input.url);
  if (provider.responseMode === "form_post") url.searchParams.set("response_mode", "form_post");

  // A provider that requires request objects gets them whatever the config says: it refuses others.
  const sign = as.require_signed_request_object === true || provider.requestObject === true;
  if (sign && provider.clientPrivateKey === undefined) {
    throw new AuthError("OAuthSignin", {
      cause: `provider "${provider.id}" needs signed request objects; set clientPrivateKey`,
    });
  }
  const push = usesPushedAuthorization(provider, as);
  if (!sign && !push) return url.href;

  const client = oauthClient(provider, runtime);
  const params = sign
    ? await requestObjectParams(provider, as, client, url.searchParams)
    : new URLSearchParams(url.searchParams);
  // The endpoint's own query (e.g. a tenant or policy parameter) stays; everything else is inside the
  // request object or behind the request_uri.
  const out = new URL(String(as.authorization_endpoint));
  if (push) {
    const requestUri = await pushAuthorizationRequest(provider, { as, client, params, runtime });
    out.searchParams.set("client_id", provider.clientId);
    out.searchParams.set("request_uri", requestUri);
  } else {
    for (const [name, value] of params) out.searchParams.set(name, value);
  }
  return out.href;
}
