import * as oauth from "oauth4webapi";
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
 * The outcome of a refresh: new tokens; `invalid_grant` (the refresh token is expired, revoked or
 * spent — only a new sign-in helps); or `unavailable` (timeout, network, 5xx, an unusable answer —
 * the stored tokens stay, a later try may work). `cause` is safe to log.
 */
export type RefreshTokensResult =
  | { ok: true; tokens: TokenSet }
  | { ok: false; reason: "invalid_grant" | "unavailable"; cause: SafeCause | string };

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
        return { ok: false, reason: "unavailable", cause: "refreshed ID token names another subject" };
      }
    }
    return { ok: true, tokens: toTokenSet(tokens, runtime.now()) };
  } catch (error) {
    const invalidGrant = error instanceof oauth.ResponseBodyError && error.error === "invalid_grant";
    return { ok: false, reason: invalidGrant ? "invalid_grant" : "unavailable", cause: safeCause(error) };
  }
}
