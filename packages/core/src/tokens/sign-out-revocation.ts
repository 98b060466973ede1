import { describe } from "../errors/describe.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { OAuthProviderConfig } from "../providers/types.ts";
import type { Sessions } from "../session/sessions.ts";
import { accountKey, type TokenAdapter, type TokenDeps } from "./lib/token-deps.ts";
import { revokeAccount } from "./revoke-account.ts";
import { CLEARED_TOKENS } from "./sealed-account.ts";

/**
 * Starts revoking, at every provider with `revokeTokens`, the signed-in user's tokens, and
 * returns a function that waits for them. The providers are asked concurrently and each request
 * has the per-request timeout, so the wait is at most two timeouts (discovery, if not cached yet,
 * then revocation) however many providers there are. Call it before the session is destroyed (it
 * needs the user id) and wait after: the local sign-out never depends on a provider. Tokens a provider confirmed
 * revoked are cleared from storage; the ID token is kept (RP-initiated logout sends it as a hint).
 */
export async function startSignOutRevocations(
  deps: TokenDeps,
  ctx: RequestContext,
  sessions: Pick<Sessions, "userId">,
): Promise<() => Promise<void>> {
  const { config } = deps;
  const providers = [...config.providers.values()].filter(
    (p): p is OAuthProviderConfig => (p.type === "oauth" || p.type === "oidc") && p.revokeTokens === true,
  );
  const adapter = config.adapter as Partial<TokenAdapter> | null;
  if (providers.length === 0 || typeof adapter?.getAccountByUserId !== "function") return async () => {};
  let userId: string | null;
  try {
    userId = await sessions.userId(ctx);
  } catch (error) {
    config.logger.warn("RevocationFailed", describe(error));
    return async () => {};
  }
  if (userId === null) return async () => {};
  const id = userId;
  const all = Promise.allSettled(
    providers.map((provider) => revokeFor(deps, adapter as TokenAdapter, provider, id)),
  );
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cap = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 2 * config.httpTimeout);
    });
    await Promise.race([all, cap]);
    clearTimeout(timer);
  };
}

async function revokeFor(
  deps: TokenDeps,
  adapter: TokenAdapter,
  provider: OAuthProviderConfig,
  userId: string,
) {
  try {
    const account = await adapter.getAccountByUserId(userId, provider.id);
    if (account === null) return;
    if (await revokeAccount(deps, provider, account)) {
      await adapter.updateAccountTokens(accountKey(account), CLEARED_TOKENS);
    }
  } catch (error) {
    deps.config.logger.warn("RevocationFailed", describe(error));
  }
}
