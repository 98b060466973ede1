import * as oauth from "oauth4webapi";
import { isAllowedEndpoint, requestOptions } from "../lib/http.ts";
import type { OAuthRuntime } from "../runtime.ts";

/** What the provider's registration endpoint answered (RFC 7591 §3.2.1), validated by oauth4webapi. */
export type RegisteredClientMetadata = oauth.OmitSymbolProperties<oauth.Client>;

/**
 * One dynamic client registration request (RFC 7591 §3.1) to the provider's `registration_endpoint`,
 * with the per-request timeout, no redirects and https (or loopback http) only. Rejects on anything
 * but a `201` JSON body with a `client_id`: a provider that is down, refuses (4xx) or answers HTML.
 *
 * @example const registered = await registerClient(as, { redirect_uris: [redirectUri] }, { runtime })
 */
export async function registerClient(
  as: oauth.AuthorizationServer,
  metadata: Partial<RegisteredClientMetadata>,
  input: { runtime: OAuthRuntime; initialAccessToken?: string | undefined },
): Promise<RegisteredClientMetadata> {
  const endpoint = as.registration_endpoint;
  if (typeof endpoint !== "string" || !isAllowedEndpoint(endpoint)) {
    throw new Error("provider has no usable registration_endpoint");
  }
  const response = await oauth.dynamicClientRegistrationRequest(as, metadata, {
    ...requestOptions(input.runtime, endpoint),
    ...(input.initialAccessToken ? { initialAccessToken: input.initialAccessToken } : {}),
  });
  return oauth.processDynamicClientRegistrationResponse(response);
}
