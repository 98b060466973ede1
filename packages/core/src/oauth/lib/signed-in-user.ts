import * as oauth from "oauth4webapi";
import type { OAuthProviderConfig, TokenSet, User } from "../../providers/types.ts";
import type { DiscoveryCache } from "../discovery-cache.ts";
import type { OAuthRuntime } from "../runtime.ts";
import { verifyIdTokenSignature } from "./id-token-signature.ts";
import { toUser } from "./profile.ts";
import { fetchProfile } from "./userinfo.ts";

/** A validated token response as Gatehouse keeps it: `expires_in` turned into an absolute `expires_at`. */
export function toTokenSet(tokens: oauth.TokenEndpointResponse, now: number): TokenSet {
  const tokenSet: TokenSet = { ...tokens };
  if (tokens.expires_in !== undefined) tokenSet.expires_at = Math.floor(now / 1000) + tokens.expires_in;
  return tokenSet;
}

/**
 * The end of every grant that signs someone in (authorization code, device code), once oauth4webapi
 * has validated the token response: the ID token's signature against the provider's key set, the
 * profile (userinfo, or the provider's `userinfo.request`), then the provider's `profile()`. Errors are
 * raw, for the caller to classify.
 */
export async function signedInUser(
  provider: OAuthProviderConfig,
  input: {
    as: oauth.AuthorizationServer;
    client: oauth.Client;
    tokens: oauth.TokenEndpointResponse;
    runtime: OAuthRuntime;
    discovery: DiscoveryCache;
    /** The callback's parameters, for `profile()` (Apple's first-login `user`); none for a device. */
    params?: URLSearchParams;
  },
): Promise<{ user: User; profile: Record<string, unknown>; tokens: TokenSet }> {
  const { as, client, tokens, runtime } = input;
  const claims = oauth.getValidatedIdTokenClaims(tokens);
  if (tokens.id_token !== undefined) {
    await verifyIdTokenSignature(tokens.id_token, {
      as,
      clientId: provider.clientId,
      runtime,
      cache: input.discovery,
    });
  }
  const profile = await fetchProfile({
    as,
    client,
    tokens,
    claims,
    runtime,
    request: provider.userinfo?.request,
  });
  const tokenSet = toTokenSet(tokens, runtime.now());
  const user = await toUser(provider, profile, tokenSet, { params: input.params ?? new URLSearchParams() });
  return { user, profile, tokens: tokenSet };
}
