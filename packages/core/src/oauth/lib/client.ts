import * as oauth from "oauth4webapi";
import { CLOCK_TOLERANCE_S } from "../../lib/defaults.ts";
import type { OAuthProviderConfig } from "../../providers/types.ts";
import type { OAuthRuntime } from "../runtime.ts";
import { configuredClientAuth } from "./client-auth.ts";

/** oauth4webapi client metadata, with its clock aligned to `runtime.now` (it reads `Date.now` itself). */
export function oauthClient(provider: OAuthProviderConfig, runtime: OAuthRuntime): oauth.Client {
  return {
    client_id: provider.clientId,
    [oauth.clockSkew]: Math.round((runtime.now() - Date.now()) / 1000),
    [oauth.clockTolerance]: CLOCK_TOLERANCE_S,
  };
}

/**
 * Token endpoint authentication: the configured `clientAuthMethod`, else `client_secret_basic` (the OAuth
 * default), `client_secret_post` when the provider advertises only that, and none (public client, PKCE
 * only) without a secret.
 */
export function clientAuthentication(
  provider: OAuthProviderConfig,
  as: oauth.AuthorizationServer,
): oauth.ClientAuth {
  const method = provider.clientAuthMethod;
  if (method !== undefined) return configuredClientAuth({ ...provider, clientAuthMethod: method });
  if (!provider.clientSecret) return oauth.None();
  const methods = as.token_endpoint_auth_methods_supported;
  if (
    Array.isArray(methods) &&
    !methods.includes("client_secret_basic") &&
    methods.includes("client_secret_post")
  ) {
    return oauth.ClientSecretPost(provider.clientSecret);
  }
  return oauth.ClientSecretBasic(provider.clientSecret);
}
