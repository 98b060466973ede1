import * as oauth from "oauth4webapi";
import { AuthError } from "../errors/auth-error.ts";
import type { OAuthProviderConfig } from "../providers/types.ts";
import { type OAuthCheckValues, resolveChecks } from "./checks.ts";
import type { DiscoveryCache } from "./discovery-cache.ts";
import { authorizationRequestUrl } from "./lib/authorization-request.ts";
import { resolveAuthorizationServer } from "./lib/authorization-server.ts";
import { isAllowedEndpoint } from "./lib/http.ts";
import { toAuthError } from "./lib/to-auth-error.ts";
import type { OAuthRuntime } from "./runtime.ts";

export interface StartAuthorizationInput {
  /** `BASE/callback/<id>`; the callback must pass the same value. */
  redirectUri: string;
  /** Query parameters of the sign-in POST, forwarded to the provider (security parameters are dropped). */
  extraParams: Record<string, string>;
  runtime: OAuthRuntime;
  discovery: DiscoveryCache;
}

export interface StartAuthorizationResult {
  /** The provider's authorization URL to redirect the browser to. */
  url: string;
  /** Values to seal into the check cookies and hand back to `completeAuthorization`. */
  checks: OAuthCheckValues;
}

/**
 * Parameters only Gatehouse sets: letting the sign-in request choose them would let an attacker pick the
 * state, nonce or PKCE challenge, send the code elsewhere, or swap the whole request via a request object.
 */
const SECURITY_PARAMS = new Set([
  "state",
  "nonce",
  "code_challenge",
  "code_challenge_method",
  "redirect_uri",
  "client_id",
  "response_type",
  "request",
  "request_uri",
]);

/**
 * Builds the provider's authorization URL (discovering its metadata when needed) and the check values.
 * Any failure — discovery timeout, network error, unusable metadata — is `AuthError("OAuthSignin")`.
 *
 * @example
 * const { url, checks } = await startAuthorization(provider, { redirectUri, extraParams: {}, runtime, discovery })
 */
export async function startAuthorization(
  provider: OAuthProviderConfig,
  input: StartAuthorizationInput,
): Promise<StartAuthorizationResult> {
  try {
    const as = await resolveAuthorizationServer(provider, input.runtime, input.discovery);
    const endpoint = as.authorization_endpoint;
    if (typeof endpoint !== "string" || !isAllowedEndpoint(endpoint)) {
      throw new AuthError("OAuthSignin", { cause: "provider has no usable authorization_endpoint" });
    }
    const url = new URL(endpoint);
    const params = url.searchParams;
    params.set("response_type", "code");
    params.set("client_id", provider.clientId);
    params.set("redirect_uri", input.redirectUri);
    if (provider.type === "oidc") params.set("scope", "openid profile email");
    for (const extra of [provider.authorization?.params ?? {}, input.extraParams]) {
      for (const [name, value] of Object.entries(extra)) {
        if (!SECURITY_PARAMS.has(name)) params.set(name, value);
      }
    }

    const checks = resolveChecks(provider);
    const values: OAuthCheckValues = {};
    if (checks.includes("state")) {
      values.state = oauth.generateRandomState();
      params.set("state", values.state);
    }
    if (checks.includes("nonce")) {
      values.nonce = oauth.generateRandomNonce();
      params.set("nonce", values.nonce);
    }
    // Always S256: `plain` would put the verifier itself in the browser's URL.
    values.codeVerifier = oauth.generateRandomCodeVerifier();
    params.set("code_challenge", await oauth.calculatePKCECodeChallenge(values.codeVerifier));
    params.set("code_challenge_method", "S256");
    // response_mode, request object (RFC 9101) and PAR (RFC 9126) when configured or required.
    const finalUrl = await authorizationRequestUrl(provider, { as, url, runtime: input.runtime });
    return { url: finalUrl, checks: values };
  } catch (error) {
    throw toAuthError("OAuthSignin", error);
  }
}
