import * as oauth from "oauth4webapi";
import type { Failure } from "../errors/failure.ts";
import type { OAuthProviderConfig } from "../providers/types.ts";
import type { DiscoveryCache } from "./discovery-cache.ts";
import { clientContext } from "./lib/client-context.ts";
import { isAllowedEndpoint, requestOptions } from "./lib/http.ts";
import { type SafeCause, safeCause } from "./lib/safe-cause.ts";
import type { OAuthRuntime } from "./runtime.ts";

export interface RevokeTokenInput {
  token: string;
  /** RFC 7009 §2.1 hint; the provider may ignore it. */
  tokenTypeHint: "refresh_token" | "access_token";
  runtime: OAuthRuntime;
  discovery: DiscoveryCache;
}

/**
 * `revoked`: the provider answered 200 (RFC 7009 §2.2: also for a token it did not know);
 * `unsupported`: its metadata has no usable `revocation_endpoint`, so there is nothing to do; or
 * `ProviderUnavailable`: timeout, network, an error answer — `cause` is safe to log.
 */
export type RevokeTokenResult =
  | "revoked"
  | "unsupported"
  | (Failure<"ProviderUnavailable"> & { readonly cause: SafeCause | string });

/**
 * One token revocation request (RFC 7009) with the client's authentication, the per-request timeout
 * and no redirects. Never throws for a provider failure: revocation is best effort by nature.
 *
 * @example await revokeToken(provider, { token, tokenTypeHint: "refresh_token", runtime, discovery })
 */
export async function revokeToken(
  provider: OAuthProviderConfig,
  input: RevokeTokenInput,
): Promise<RevokeTokenResult> {
  const { runtime } = input;
  try {
    const { as, client, auth } = await clientContext(provider, input);
    const endpoint = as.revocation_endpoint;
    if (typeof endpoint !== "string" || !isAllowedEndpoint(endpoint)) return "unsupported";
    const response = await oauth.revocationRequest(as, client, auth, input.token, {
      ...requestOptions(runtime, endpoint),
      additionalParameters: { token_type_hint: input.tokenTypeHint },
    });
    await oauth.processRevocationResponse(response);
    return "revoked";
  } catch (error) {
    return { error: "ProviderUnavailable", cause: safeCause(error) };
  }
}
