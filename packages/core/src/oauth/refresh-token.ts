import * as oauth from "oauth4webapi";
import type { Failure } from "../errors/failure.ts";
import type { OAuthProviderConfig, TokenSet } from "../providers/types.ts";
import type { DiscoveryCache } from "./discovery-cache.ts";
import { clientContext } from "./lib/client-context.ts";
import { requestOptions } from "./lib/http.ts";
import { verifyIdTokenSignature } from "./lib/id-token-signature.ts";
import { type SafeCause, safeCause } from "./lib/safe-cause.ts";
import { toTokenSet } from "./lib/signed-in-user.ts";
import type { OAuthRuntime } from "./runtime.ts";

export interface RefreshTokensInput {
  refreshToken: string;
  /** `sub` of the stored ID token: an ID token in the refresh response must name it. Null: no stored one. */
  subject: string | null;
  runtime: OAuthRuntime;
  discovery: DiscoveryCache;
}

/**
 * A refresh's result: the new tokens, or `ProviderSignInRequired` (the provider answered
 * `invalid_grant`: the refresh token is expired, revoked or spent — only a new sign-in helps) or
 * `ProviderUnavailable` (timeout, network, 5xx, an unusable answer — the stored tokens stay, a later
 * try may work). `cause` is safe to log.
 */
export type RefreshTokensResult =
  | { tokens: TokenSet }
  | (Failure<"ProviderSignInRequired" | "ProviderUnavailable"> & { readonly cause: SafeCause | string });

/**
 * One refresh-token grant (RFC 6749 §6) through the provider's token endpoint, with the same client
 * authentication, timeout and endpoint rules as sign-in. Never throws for a provider failure.
 *
 * @example const result = await refreshTokens(provider, { refreshToken, subject, runtime, discovery })
 */
export async function refreshTokens(
  provider: OAuthProviderConfig,
  input: RefreshTokensInput,
): Promise<RefreshTokensResult> {
  const { runtime } = input;
  try {
    const { as, client, auth } = await clientContext(provider, input);
    const response = await oauth.refreshTokenGrantRequest(
      as,
      client,
      auth,
      input.refreshToken,
      requestOptions(runtime, String(as.token_endpoint)),
    );
    const tokens = await oauth.processRefreshTokenResponse(as, client, response);
    if (tokens.id_token !== undefined) {
      await verifyIdTokenSignature(tokens.id_token, {
        as,
        clientId: provider.clientId,
        runtime,
        cache: input.discovery,
      });
      // OIDC Core §12.2: a refreshed ID token is about the same person, or it is not ours to store.
      const claims = oauth.getValidatedIdTokenClaims(tokens);
      if (input.subject !== null && claims?.sub !== input.subject) {
        return { error: "ProviderUnavailable", cause: "refreshed ID token names another subject" };
      }
    }
    return { tokens: toTokenSet(tokens, runtime.now()) };
  } catch (error) {
    const invalidGrant = error instanceof oauth.ResponseBodyError && error.error === "invalid_grant";
    return {
      error: invalidGrant ? "ProviderSignInRequired" : "ProviderUnavailable",
      cause: safeCause(error),
    };
  }
}
