import * as oauth from "oauth4webapi";
import { AuthError } from "../errors/auth-error.ts";
import type { OAuthProviderConfig, TokenSet, User } from "../providers/types.ts";
import { type OAuthCheckValues, resolveChecks } from "./checks.ts";
import type { DiscoveryCache } from "./discovery-cache.ts";
import { resolveAuthorizationServer } from "./lib/authorization-server.ts";
import { clientAuthentication, oauthClient } from "./lib/client.ts";
import { requestOptions } from "./lib/http.ts";
import { signedInUser } from "./lib/signed-in-user.ts";
import { toAuthError } from "./lib/to-auth-error.ts";
import { applyTokenQuirks } from "./lib/token-quirks.ts";
import type { OAuthRuntime } from "./runtime.ts";

export interface CompleteAuthorizationInput {
  /** The same `redirect_uri` that `startAuthorization` sent. */
  redirectUri: string;
  /** The callback's query (GET) or form body (`response_mode=form_post`). */
  params: URLSearchParams;
  /** The values `startAuthorization` returned, read back from the check cookies. */
  checks: OAuthCheckValues;
  runtime: OAuthRuntime;
  discovery: DiscoveryCache;
}

export interface CompleteAuthorizationResult {
  user: User;
  /** ID-token claims merged with userinfo (OIDC), or the userinfo body (OAuth 2). */
  profile: Record<string, unknown>;
  tokens: TokenSet;
}

/**
 * Validates the provider's return and exchanges the code: state, `iss` (RFC 9207), PKCE, the ID token
 * (signature, iss, aud, exp, iat, nonce) and the userinfo `sub`. A provider `error` (the person
 * cancelled) is `AuthError("Callback")`; every other failure is `AuthError("OAuthCallback")`, whose
 * `cause` carries only an error name, code and message — never a token.
 *
 * @example
 * const { user, tokens } = await completeAuthorization(provider, { redirectUri, params: url.searchParams, checks, runtime, discovery })
 */
export async function completeAuthorization(
  provider: OAuthProviderConfig,
  input: CompleteAuthorizationInput,
): Promise<CompleteAuthorizationResult> {
  const providerError = input.params.get("error");
  if (providerError !== null) {
    throw new AuthError("Callback", { cause: `provider answered error=${providerError.slice(0, 64)}` });
  }
  const { runtime } = input;
  try {
    const expected = expectedChecks(provider, input.checks);
    const as = await resolveAuthorizationServer(provider, runtime, input.discovery);
    const client = oauthClient(provider, runtime);

    const params = new URLSearchParams(input.params);
    // With no configured issuer there is nothing to hold `iss` against (see resolveAuthorizationServer).
    if (provider.issuer === undefined) params.delete("iss");
    // Checks `iss` against the discovered issuer (and requires it when the provider advertises
    // authorization_response_iss_parameter_supported), then `state`.
    const callback = oauth.validateAuthResponse(as, client, params, expected.state ?? oauth.expectNoState);

    const tokenRequest = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuthentication(provider, as),
      callback,
      input.redirectUri,
      expected.codeVerifier,
      requestOptions(runtime, String(as.token_endpoint)),
    );
    // Twitch's array `scope`, Entra ID's per-tenant issuer: see token-quirks.ts.
    const { as: tokenAs, response: tokenResponse } = await applyTokenQuirks(provider, as, tokenRequest);
    const tokens = await oauth.processAuthorizationCodeResponse(tokenAs, client, tokenResponse, {
      expectedNonce: expected.nonce ?? oauth.expectNoNonce,
      requireIdToken: provider.type === "oidc",
    });
    return await signedInUser(provider, {
      as: tokenAs,
      client,
      tokens,
      runtime,
      discovery: input.discovery,
      params: input.params,
    });
  } catch (error) {
    throw toAuthError("OAuthCallback", error);
  }
}

/** Every check the provider uses needs its value back; a missing cookie fails the sign-in. */
function expectedChecks(
  provider: OAuthProviderConfig,
  values: OAuthCheckValues,
): { state?: string; codeVerifier: string; nonce?: string } {
  const checks = resolveChecks(provider);
  const present = (value: string | undefined, check: string): string => {
    if (typeof value !== "string" || value === "") {
      throw new AuthError("OAuthCallback", { cause: `missing ${check} check value` });
    }
    return value;
  };
  return {
    codeVerifier: present(values.codeVerifier, "pkce"),
    ...(checks.includes("state") ? { state: present(values.state, "state") } : {}),
    ...(checks.includes("nonce") ? { nonce: present(values.nonce, "nonce") } : {}),
  };
}
