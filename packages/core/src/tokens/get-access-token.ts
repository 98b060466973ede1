import { decodeJwt } from "jose";
import type { AccountTokens, AdapterAccount } from "../adapter/adapter.ts";
import { ConfigError } from "../errors/config-error.ts";
import { describe } from "../errors/describe.ts";
import { type Failure, isFailure } from "../errors/failure.ts";
import { openToken } from "../lib/token-cipher.ts";
import type { OAuthProviderConfig } from "../providers/types.ts";
import {
  accountKey,
  oauthProvider,
  type TokenAdapter,
  type TokenDeps,
  tokenAdapter,
} from "./lib/token-deps.ts";
import { CLEARED_TOKENS, sealAccountTokens, tokensFromResponse } from "./sealed-account.ts";

/** A usable provider access token. `expiresAt` is epoch seconds, null when the provider gave no lifetime. */
export interface AccessToken {
  accessToken: string;
  expiresAt: number | null;
  tokenType: string | null;
  scope: string | null;
}

/**
 * Why there is no token (codes of the error catalogue):
 * - `AccountNotLinked`: the user has no account at this provider;
 * - `ProviderSignInRequired`: the provider refused the refresh token (`invalid_grant`: expired,
 *   revoked, spent), or there is none to use — only signing in with the provider again helps;
 * - `ProviderUnavailable`: the refresh timed out, hit a network error, a 5xx or an unusable answer —
 *   stored tokens are kept, a later call may succeed;
 * - `StorageUnavailable`: the adapter failed.
 */
export type AccessTokenError =
  | "AccountNotLinked"
  | "ProviderSignInRequired"
  | "ProviderUnavailable"
  | "StorageUnavailable";

export type AccessTokenResult = AccessToken | Failure<AccessTokenError>;

/** A token this close to its expiry is refreshed first, so it does not expire on its way to the API. */
export const REFRESH_SKEW_S = 60;

/**
 * `getAccessToken(userId, providerId)` for one Gatehouse instance: the stored access token while it
 * is valid, else a refresh. Concurrent calls for the same account in this process share one
 * promise; across processes the adapter's `refreshAccountTokens` row lock makes the refresh
 * single-flight (without it — an adapter that only has `updateAccountTokens` — two instances may
 * both refresh, and with a rotating provider the second one then fails with `invalid_grant`).
 */
export function createGetAccessToken(
  deps: TokenDeps,
): (userId: string, providerId: string) => Promise<AccessTokenResult> {
  const inFlight = new Map<string, Promise<AccessTokenResult>>();
  return (userId, providerId) => {
    const provider = oauthProvider(deps.config, providerId, "getAccessToken");
    const adapter = tokenAdapter(deps.config, "getAccessToken");
    if (typeof userId !== "string" || userId === "") {
      throw new ConfigError("Gatehouse getAccessToken: userId must be a non-empty string.");
    }
    const key = JSON.stringify([providerId, userId]);
    let pending = inFlight.get(key);
    if (pending === undefined) {
      pending = accessToken(deps, adapter, provider, userId).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending.then((result) => ({ ...result }));
  };
}

async function accessToken(
  deps: TokenDeps,
  adapter: TokenAdapter,
  provider: OAuthProviderConfig,
  userId: string,
): Promise<AccessTokenResult> {
  const { config } = deps;
  try {
    const account = await adapter.getAccountByUserId(userId, provider.id);
    if (account === null) return { error: "AccountNotLinked" };
    const stored = await usable(deps, account);
    if (stored !== null) return stored;
    if (!account.refresh_token) return { error: "ProviderSignInRequired" };

    let outcome: AccessTokenResult = { error: "ProviderUnavailable" };
    const refresh = async (current: AdapterAccount): Promise<AccountTokens | null> => {
      const result = await refreshOnce(deps, provider, current);
      outcome = result.outcome;
      return result.write;
    };
    if (adapter.refreshAccountTokens) {
      const row = await adapter.refreshAccountTokens(accountKey(account), refresh);
      if (row === null) return { error: "AccountNotLinked" };
    } else {
      const write = await refresh(account);
      if (write !== null) await adapter.updateAccountTokens(accountKey(account), write);
    }
    return outcome;
  } catch (error) {
    config.logger.error("StorageUnavailable", describe(error));
    return { error: "StorageUnavailable" };
  }
}

/**
 * Runs under the account's lock with the row as it is now: another instance may have refreshed
 * while this one waited, and then its token is used — a rotated refresh token is never sent twice.
 */
async function refreshOnce(
  deps: TokenDeps,
  provider: OAuthProviderConfig,
  current: AdapterAccount,
): Promise<{ outcome: AccessTokenResult; write: AccountTokens | null }> {
  const { config, oauth } = deps;
  const already = await usable(deps, current);
  if (already !== null) return { outcome: already, write: null };
  const sealedRefresh = current.refresh_token;
  if (!sealedRefresh) return { outcome: { error: "ProviderSignInRequired" }, write: null };
  const refreshToken = await openToken(config.keys, sealedRefresh);
  if (refreshToken === null) {
    // Sealed under a secret that is no longer configured: kept, in case the secret comes back.
    config.logger.warn("ProviderSignInRequired", {
      provider: provider.id,
      cause: "stored refresh token does not open",
    });
    return { outcome: { error: "ProviderSignInRequired" }, write: null };
  }
  const subject = await idTokenSubject(deps, current);
  const result = await oauth.refresh(provider, { refreshToken, subject });
  if (!isFailure(result)) {
    const next = tokensFromResponse(result.tokens);
    const token = toAccessToken({ ...current, ...next });
    if (token === null) return { outcome: { error: "ProviderUnavailable" }, write: null };
    return { outcome: token, write: await sealAccountTokens(config.keys, next) };
  }
  if (result.error === "ProviderSignInRequired") {
    // The link ends cleanly: the tokens go (they are dead), the account stays, so the person can
    // sign in with the provider again and get new ones. Logged once: this runs single-flight.
    config.logger.warn("ProviderSignInRequired", { provider: provider.id, cause: result.cause });
    return { outcome: { error: "ProviderSignInRequired" }, write: CLEARED_TOKENS };
  }
  config.logger.error("ProviderUnavailable", { provider: provider.id, cause: result.cause });
  return { outcome: { error: "ProviderUnavailable" }, write: null };
}

/** The stored access token when it opens and is valid for at least `REFRESH_SKEW_S` more; else null. */
async function usable(deps: TokenDeps, account: AdapterAccount): Promise<AccessToken | null> {
  if (!account.access_token) return null;
  const expiresAt = account.expires_at ?? null;
  if (expiresAt !== null && expiresAt - REFRESH_SKEW_S <= deps.config.now() / 1000) return null;
  const accessToken = await openToken(deps.config.keys, account.access_token);
  if (accessToken === null) return null;
  return toAccessToken({ ...account, access_token: accessToken });
}

function toAccessToken(account: AccountTokens): AccessToken | null {
  if (typeof account.access_token !== "string") return null;
  return {
    accessToken: account.access_token,
    expiresAt: account.expires_at ?? null,
    tokenType: account.token_type ?? null,
    scope: account.scope ?? null,
  };
}

/** `sub` of the stored ID token (verified when it was stored), or null without one. */
async function idTokenSubject(deps: TokenDeps, account: AdapterAccount): Promise<string | null> {
  if (!account.id_token) return null;
  const idToken = await openToken(deps.config.keys, account.id_token);
  if (idToken === null) return null;
  try {
    const { sub } = decodeJwt(idToken);
    return typeof sub === "string" ? sub : null;
  } catch {
    return null;
  }
}
