import type { AdapterAccount } from "../adapter/adapter.ts";
import { describe } from "../errors/describe.ts";
import type { RequestContext } from "../http/request-context.ts";
import { openToken } from "../lib/token-cipher.ts";
import { resolveAuthorizationServer } from "../oauth/lib/authorization-server.ts";
import { isAllowedEndpoint } from "../oauth/lib/http.ts";
import type { OAuthFlows } from "../oauth/oauth-flows.ts";
import type { OAuthProviderConfig } from "../providers/types.ts";
import type { Sessions } from "../session/sessions.ts";

/** Builds the provider logout URL after the local session has ended; null means "stay local". */
export type EndSessionRedirect = (callbackUrl: string) => Promise<string | null>;

const STAY_LOCAL: EndSessionRedirect = async () => null;

/**
 * RP-initiated logout (OpenID RP-Initiated Logout 1.0), in two halves around the local sign-out. Call
 * this *before* the session is destroyed — it reads who is signed in and the ID token stored for the
 * first provider (in configuration order) with `endSession` whose account has one — then call the
 * returned function *after*: it answers the provider's `end_session_endpoint` with `id_token_hint`,
 * `client_id` and a `post_logout_redirect_uri` that passed the redirect policy, or null. Neither half
 * throws: a provider without the endpoint, a missing or unopenable ID token, or a provider that
 * cannot be reached all end in a plain local sign-out.
 *
 * @example
 * const toProvider = await prepareEndSession(ctx, sessions, oauth);
 * await sessions.destroy(ctx, "cookie");
 * return redirect((await toProvider(callbackUrl)) ?? callbackUrl);
 */
export async function prepareEndSession(
  ctx: RequestContext,
  sessions: Pick<Sessions, "userId">,
  oauth: OAuthFlows,
): Promise<EndSessionRedirect> {
  const { config } = ctx;
  const providers = [...config.providers.values()].filter(
    (p): p is OAuthProviderConfig => (p.type === "oidc" || p.type === "oauth") && Boolean(p.endSession),
  );
  const adapter = config.adapter;
  if (providers.length === 0 || typeof adapter?.getAccountByUserId !== "function") return STAY_LOCAL;
  let found: { provider: OAuthProviderConfig; account: AdapterAccount } | null = null;
  try {
    const userId = await sessions.userId(ctx);
    if (userId === null) return STAY_LOCAL;
    for (const provider of providers) {
      const account = await adapter.getAccountByUserId(userId, provider.id);
      if (typeof account?.id_token === "string" && account.id_token !== "") {
        found = { provider, account };
        break;
      }
    }
  } catch (error) {
    config.logger.warn("EndSession", describe(error));
    return STAY_LOCAL;
  }
  if (found === null) return STAY_LOCAL;
  const { provider, account } = found;

  return async (callbackUrl) => {
    try {
      const idToken = await openToken(config.keys, account.id_token as string);
      if (idToken === null) throw new Error("the stored ID token opens under no configured secret");
      const client = await oauth.client(provider);
      if (client === null) throw new Error("no client is registered for this provider");
      const as = await resolveAuthorizationServer(client, oauth.runtime, oauth.discovery);
      const endpoint = as.end_session_endpoint;
      if (typeof endpoint !== "string" || !isAllowedEndpoint(endpoint)) return null;
      const url = new URL(endpoint);
      url.searchParams.set("id_token_hint", idToken);
      url.searchParams.set("client_id", client.clientId);
      const fixed =
        typeof provider.endSession === "object" ? provider.endSession.postLogoutRedirect : undefined;
      // The same policy as every callback URL: a fixed target that fails it is left out (the provider
      // then shows its own page) rather than sending the browser somewhere the app does not allow.
      const postLogout = fixed === undefined ? callbackUrl : await ctx.validateRedirect(fixed);
      if (postLogout !== null) url.searchParams.set("post_logout_redirect_uri", postLogout);
      return url.href;
    } catch (error) {
      config.logger.warn("EndSession", `provider "${provider.id}": ${describe(error)}`);
      return null;
    }
  };
}
