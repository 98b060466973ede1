import * as oauth from "oauth4webapi";
import { AuthError } from "../../errors/auth-error.ts";
import type { OAuthProviderConfig } from "../../providers/types.ts";
import type { DiscoveryCache } from "../discovery-cache.ts";
import type { OAuthRuntime } from "../runtime.ts";
import { requestOptions } from "./http.ts";
import { expectedDiscoveryIssuer } from "./token-quirks.ts";

/**
 * The provider's authorization server metadata: discovered from its issuer (cached per issuer in the
 * caller's cache), with endpoints named in the provider config taking precedence. Errors are raw; the
 * caller turns them into `OAuthSignin` or `OAuthCallback` depending on the step.
 */
export async function resolveAuthorizationServer(
  provider: OAuthProviderConfig,
  runtime: OAuthRuntime,
  cache: DiscoveryCache,
): Promise<oauth.AuthorizationServer> {
  if (provider.type === "oidc" && provider.issuer === undefined) {
    throw new AuthError("Configuration", { cause: `OIDC provider "${provider.id}" needs an issuer` });
  }
  const explicit: Record<string, string> = {};
  if (provider.authorization?.url) explicit.authorization_endpoint = provider.authorization.url;
  if (provider.token?.url) explicit.token_endpoint = provider.token.url;
  if (provider.userinfo?.url) explicit.userinfo_endpoint = provider.userinfo.url;
  if (provider.jwksUri) explicit.jwks_uri = provider.jwksUri;

  const issuer = provider.issuer;
  const complete = explicit.authorization_endpoint !== undefined && explicit.token_endpoint !== undefined;
  if (issuer !== undefined && (provider.type === "oidc" || !complete)) {
    const algorithm = provider.type === "oidc" ? "oidc" : "oauth2";
    const expected = expectedDiscoveryIssuer(provider) ?? issuer;
    const discovered = await discover(issuer, algorithm, runtime, cache, expected);
    return { ...discovered, ...explicit };
  }
  if (!complete) {
    throw new AuthError("Configuration", {
      cause: `OAuth provider "${provider.id}" needs an issuer, or authorization.url and token.url`,
    });
  }
  // Without a configured issuer there is nothing trusted to compare `iss` with; the placeholder only
  // satisfies oauth4webapi's shape check (the callback drops `iss` for such providers).
  return { issuer: issuer ?? new URL(explicit.authorization_endpoint!).origin, ...explicit };
}

function discover(
  issuer: string,
  algorithm: "oidc" | "oauth2",
  runtime: OAuthRuntime,
  cache: DiscoveryCache,
  expectedIssuer = issuer,
): Promise<oauth.AuthorizationServer> {
  // The expected issuer is part of the key: a document accepted for a templated issuer must not be
  // served to a provider that expects the plain one.
  const key = `${algorithm} ${issuer} ${expectedIssuer}`;
  const cached = cache.servers.get(key);
  if (cached !== undefined) return cached;
  const pending = fetchMetadata(new URL(issuer), algorithm, runtime, new URL(expectedIssuer));
  cache.servers.set(key, pending);
  // Only successes stay cached: a provider that was down must not keep sign-in broken.
  pending.catch(() => {
    if (cache.servers.get(key) === pending) cache.servers.delete(key);
  });
  return pending;
}

async function fetchMetadata(
  issuer: URL,
  algorithm: "oidc" | "oauth2",
  runtime: OAuthRuntime,
  expectedIssuer: URL = issuer,
): Promise<oauth.AuthorizationServer> {
  const response = await oauth.discoveryRequest(issuer, {
    ...requestOptions(runtime, issuer.href),
    algorithm,
  });
  // Rejects a document whose `issuer` differs from the configured one (OIDC Discovery §4.3).
  return oauth.processDiscoveryResponse(expectedIssuer, response);
}
