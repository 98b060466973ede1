import type { AccountKey, AccountTokens, Adapter, AdapterAccount } from "../../adapter/adapter.ts";
import type { ResolvedConfig } from "../../config/resolve-config.ts";
import { ConfigError } from "../../errors/config-error.ts";
import type { OAuthFlows } from "../../oauth/oauth-flows.ts";
import type { OAuthProviderConfig } from "../../providers/types.ts";

/** What the provider-token features need from one Gatehouse instance. */
export interface TokenDeps {
  config: ResolvedConfig;
  oauth: OAuthFlows;
}

/** The adapter methods `getAccessToken`, `unlinkAccount` and sign-out revocation rely on. */
export interface TokenAdapter {
  getAccountByUserId(userId: string, provider: string): Promise<AdapterAccount | null>;
  updateAccountTokens(key: AccountKey, tokens: AccountTokens): Promise<boolean>;
  refreshAccountTokens?: Adapter["refreshAccountTokens"];
  unlinkAccount?: Adapter["unlinkAccount"];
}

/**
 * The configured OAuth/OIDC provider with this id; anything else is misuse, a `ConfigError` with code
 * `UnknownProvider` (an app that takes the id from a URL answers it as a 404).
 */
export function oauthProvider(
  config: ResolvedConfig,
  providerId: string,
  caller: string,
): OAuthProviderConfig {
  const provider = config.providers.get(providerId);
  if (provider?.type !== "oauth" && provider?.type !== "oidc") {
    throw new ConfigError(
      `Gatehouse ${caller}: "${providerId}" is not a configured OAuth or OIDC provider.`,
      {
        code: "UnknownProvider",
      },
    );
  }
  return provider;
}

/** The configured adapter, when it has what provider tokens need; else the fix, as a `ConfigError`. */
export function tokenAdapter(config: ResolvedConfig, caller: string): TokenAdapter {
  const adapter = config.adapter;
  if (
    typeof adapter?.getAccountByUserId !== "function" ||
    typeof adapter.updateAccountTokens !== "function"
  ) {
    throw new ConfigError(
      `Gatehouse ${caller}: needs an adapter that stores provider tokens (getAccountByUserId and updateAccountTokens), such as @gatehouse/sql.`,
    );
  }
  return adapter as TokenAdapter;
}

/** `{ provider, providerAccountId }` of an account. */
export function accountKey(account: AdapterAccount): AccountKey {
  return { provider: account.provider, providerAccountId: account.providerAccountId };
}
