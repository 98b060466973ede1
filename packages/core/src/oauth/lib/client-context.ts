import type * as oauth from "oauth4webapi";
import type { OAuthProviderConfig } from "../../providers/types.ts";
import type { DiscoveryCache } from "../discovery-cache.ts";
import type { OAuthRuntime } from "../runtime.ts";
import { resolveAuthorizationServer } from "./authorization-server.ts";
import { clientAuthentication, oauthClient } from "./client.ts";

/** What every back-channel request to a provider needs: its metadata, our client, our authentication. */
export interface ClientContext {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  auth: oauth.ClientAuth;
}

/**
 * The provider's (discovered) metadata with the client and its authentication method, as the token,
 * device, refresh and revocation requests use them. Errors are raw, for the caller to classify.
 */
export async function clientContext(
  provider: OAuthProviderConfig,
  input: { runtime: OAuthRuntime; discovery: DiscoveryCache },
): Promise<ClientContext> {
  const as = await resolveAuthorizationServer(provider, input.runtime, input.discovery);
  return { as, client: oauthClient(provider, input.runtime), auth: clientAuthentication(provider, as) };
}
