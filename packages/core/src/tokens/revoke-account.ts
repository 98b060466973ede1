import type { AdapterAccount } from "../adapter/adapter.ts";
import { isFailure } from "../errors/failure.ts";
import { openToken } from "../lib/token-cipher.ts";
import type { OAuthProviderConfig } from "../providers/types.ts";
import type { TokenDeps } from "./lib/token-deps.ts";

/**
 * Revokes an account's grant at the provider (RFC 7009): the refresh token when there is one (the
 * provider then ends the grant and, usually, its access tokens), else the access token. Never
 * throws: a provider that is down, slow (the per-request timeout) or without a `revocation_endpoint`
 * is logged and the caller goes on. Resolves to true only when the provider confirmed.
 */
export async function revokeAccount(
  deps: TokenDeps,
  provider: OAuthProviderConfig,
  account: AdapterAccount,
): Promise<boolean> {
  const { config, oauth } = deps;
  const sealed = account.refresh_token
    ? { value: account.refresh_token, tokenTypeHint: "refresh_token" as const }
    : account.access_token
      ? { value: account.access_token, tokenTypeHint: "access_token" as const }
      : null;
  if (sealed === null) return false;
  const token = await openToken(config.keys, sealed.value);
  if (token === null) return false;
  const result = await oauth.revoke(provider, { token, tokenTypeHint: sealed.tokenTypeHint });
  if (isFailure(result)) {
    config.logger.warn("RevocationFailed", { provider: provider.id, cause: result.cause });
  } else if (result === "unsupported") {
    config.logger.debug?.("RevocationUnsupported", { provider: provider.id });
  }
  return result === "revoked";
}
