import * as oauth from "oauth4webapi";
import { AuthError } from "../../errors/auth-error.ts";
import type { OAuthProviderConfig } from "../../providers/types.ts";
import type { OAuthRuntime } from "../runtime.ts";
import { clientAuthentication } from "./client.ts";
import { isAllowedEndpoint, requestOptions } from "./http.ts";

/**
 * Pushes the authorization parameters to the provider's PAR endpoint (RFC 9126), authenticated like a
 * token request, and returns the `request_uri` that stands for them. Failures throw (the caller maps
 * them to `OAuthSignin`): a 5xx, an HTML page or a body without `request_uri` all end the sign-in.
 */
export async function pushAuthorizationRequest(
  provider: OAuthProviderConfig,
  input: {
    as: oauth.AuthorizationServer;
    client: oauth.Client;
    params: URLSearchParams;
    runtime: OAuthRuntime;
  },
): Promise<string> {
  const { as, client, runtime } = input;
  const endpoint = as.pushed_authorization_request_endpoint;
  if (typeof endpoint !== "string" || !isAllowedEndpoint(endpoint)) {
    throw new AuthError("OAuthSignin", {
      cause: "provider has no usable pushed_authorization_request_endpoint",
    });
  }
  const response = await oauth.pushedAuthorizationRequest(
    as,
    client,
    clientAuthentication(provider, as),
    input.params,
    requestOptions(runtime, endpoint),
  );
  const pushed = await oauth.processPushedAuthorizationResponse(as, client, response);
  return pushed.request_uri;
}

/**
 * Whether to push: always when the provider requires it, never when the config opts out, otherwise
 * when the provider has a PAR endpoint (or the config asks for PAR, which then fails without one).
 */
export function usesPushedAuthorization(
  provider: OAuthProviderConfig,
  as: oauth.AuthorizationServer,
): boolean {
  if (as.require_pushed_authorization_requests === true) return true;
  if (provider.pushedAuthorizationRequests !== undefined) return provider.pushedAuthorizationRequests;
  return typeof as.pushed_authorization_request_endpoint === "string";
}
