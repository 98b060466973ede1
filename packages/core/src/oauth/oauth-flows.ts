import type { ResolvedConfig } from "../config/resolve-config.ts";
import type { OAuthProviderConfig, TokenSet, User } from "../providers/types.ts";
import type { CheckValues } from "./check-cookies.ts";
import type { DiscoveryCache } from "./discovery-cache.ts";
import { completeAuthorization, createDiscoveryCache, startAuthorization } from "./index.ts";
import { type SafeCause, safeCause } from "./lib/safe-cause.ts";
import { toAuthError } from "./lib/to-auth-error.ts";
import { type RefreshTokensResult, refreshTokens } from "./refresh-token.ts";
import { createRegisteredClients, type RegisteredClients } from "./registration/registered-clients.ts";
import { type RevokeTokenResult, revokeToken } from "./revoke-token.ts";
import type { OAuthRuntime } from "./runtime.ts";

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
  /** Refresh-token grant (for `getAccessToken`); a failure is a value. */
  refresh(
    provider: OAuthProviderConfig,
    input: { refreshToken: string; subject: string | null },
  ): Promise<RefreshTokensResult>;
  /** RFC 7009 revocation (sign-out, unlink); a failure is a value. */
  revoke(
    provider: OAuthProviderConfig,
    input: { token: string; tokenTypeHint: "refresh_token" | "access_token" },
  ): Promise<RevokeTokenResult>;
  /**
   * The provider as it calls the provider: with `registration`, carrying the stored client id and
   * secret (null while nothing is registered yet); otherwise the provider itself. Never registers.
   */
  client(provider: OAuthProviderConfig): Promise<OAuthProviderConfig | null>;
  /** This instance's runtime and discovery cache (metadata and remote key sets), shared by logout. */
  readonly runtime: OAuthRuntime;
  readonly discovery: DiscoveryCache;
}

export function createOAuthFlows(config: ResolvedConfig): OAuthFlows {
  const runtime = { fetch: config.fetch, timeoutMs: config.httpTimeout, now: config.now };
  // Discovery documents are cached per instance (no module state), fetched once per issuer.
  const discovery = createDiscoveryCache();
  // Providers with `registration` become the client they registered here, before any OAuth step.
  const clients = createRegisteredClients({ adapter: config.adapter, keys: config.keys, runtime, discovery });
  return {
    start: async (provider, input) =>
      startAuthorization(await registered(clients, provider, input.redirectUri, "OAuthSignin"), {
        ...input,
        runtime,
        discovery,
      }),
    complete: async (provider, input) =>
      completeAuthorization(await registered(clients, provider, input.redirectUri, "OAuthCallback"), {
        ...input,
        runtime,
        discovery,
      }),
    // Refresh and revocation never register: without a stored client there is nothing to act for.
    refresh: (provider, input) =>
      withStoredClient(clients, provider, {
        run: (client) => refreshTokens(client, { ...input, runtime, discovery }),
        fail: (cause) => ({ error: "ProviderUnavailable", cause }),
      }),
    revoke: (provider, input) =>
      withStoredClient(clients, provider, {
        run: (client) => revokeToken(client, { ...input, runtime, discovery }),
        fail: (cause) => ({ error: "ProviderUnavailable", cause }),
      }),
    client: (provider) => clients.stored(provider),
    runtime,
    discovery,
  };
}

/** The provider with its registered client, or the step's `AuthError` (no token in the cause). */
async function registered(
  clients: RegisteredClients,
  provider: OAuthProviderConfig,
  redirectUri: string,
  code: "OAuthSignin" | "OAuthCallback",
): Promise<OAuthProviderConfig> {
  try {
    return await clients.resolve(provider, redirectUri);
  } catch (error) {
    throw toAuthError(code, error);
  }
}

async function withStoredClient<T>(
  clients: RegisteredClients,
  provider: OAuthProviderConfig,
  step: { run: (client: OAuthProviderConfig) => Promise<T>; fail: (cause: SafeCause | string) => T },
): Promise<T> {
  let client: OAuthProviderConfig | null;
  try {
    client = await clients.stored(provider);
  } catch (error) {
    return step.fail(safeCause(error));
  }
  return client === null ? step.fail("no client registration is stored for this provider") : step.run(client);
}
