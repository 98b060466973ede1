import type { ResolvedConfig } from "../config/resolve-config.ts";
import { completeAuthorization, createDiscoveryCache, startAuthorization } from "../oauth/index.ts";
import type { CheckValues } from "./check-cookies.ts";
import type { OAuthProviderConfig, TokenSet, User } from "./types.ts";

/** The two OAuth steps bound to one Gatehouse instance's fetch, clock, timeout and discovery cache. */
export interface OAuthFlows {
  start(
    provider: OAuthProviderConfig,
    input: { redirectUri: string; extraParams: Record<string, string> },
  ): Promise<{ url: string; checks: CheckValues }>;
  complete(
    provider: OAuthProviderConfig,
    input: { redirectUri: string; params: URLSearchParams; checks: CheckValues },
  ): Promise<{ user: User; profile: Record<string, unknown>; tokens: TokenSet }>;
}

export function createOAuthFlows(config: ResolvedConfig): OAuthFlows {
  const runtime = { fetch: config.fetch, timeoutMs: config.httpTimeout, now: config.now };
  // Discovery documents are cached per instance (no module state), fetched once per issuer.
  const discovery = createDiscoveryCache();
  return {
    start: (provider, input) => startAuthorization(provider, { ...input, runtime, discovery }),
    complete: (provider, input) => completeAuthorization(provider, { ...input, runtime, discovery }),
  };
}
