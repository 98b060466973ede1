import { ConfigError } from "../errors/config-error.ts";
import { accountKey, oauthProvider, type TokenDeps, tokenAdapter } from "./lib/token-deps.ts";
import { revokeAccount } from "./revoke-account.ts";

/**
 * `unlinkAccount(userId, providerId)`: removes the user's account at that provider, after revoking
 * its tokens at the provider when the provider's `revokeTokens` is on. A provider that is
 * down or slow only delays the unlink by the per-request timeout and never stops it. Resolves to
 * false when there was no such account; a storage failure rejects.
 */
export function createUnlinkAccount(
  deps: TokenDeps,
): (userId: string, providerId: string) => Promise<boolean> {
  return async (userId, providerId) => {
    const provider = oauthProvider(deps.config, providerId, "unlinkAccount");
    const adapter = tokenAdapter(deps.config, "unlinkAccount");
    if (typeof adapter.unlinkAccount !== "function") {
      throw new ConfigError("Gatehouse unlinkAccount: the adapter has no unlinkAccount method.");
    }
    const account = await adapter.getAccountByUserId(userId, provider.id);
    if (account === null) return false;
    if (provider.revokeTokens === true) await revokeAccount(deps, provider, account);
    await adapter.unlinkAccount(accountKey(account));
    return true;
  };
}
