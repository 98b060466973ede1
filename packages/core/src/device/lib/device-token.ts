import * as oauth from "oauth4webapi";
import type { DiscoveryCache } from "../../oauth/discovery-cache.ts";
import { clientContext } from "../../oauth/lib/client-context.ts";
import { requestOptions } from "../../oauth/lib/http.ts";
import { signedInUser } from "../../oauth/lib/signed-in-user.ts";
import { toAuthError } from "../../oauth/lib/to-auth-error.ts";
import type { OAuthRuntime } from "../../oauth/runtime.ts";
import type { OAuthProviderConfig, TokenSet, User } from "../../providers/types.ts";

/** One poll's outcome: the RFC 8628 §3.5 answers a device acts on, or the signed-in user. */
export type DeviceTokenResult =
  | { status: "authorization_pending" }
  | { status: "slow_down"; interval?: number }
  | { status: "expired_token" }
  | { status: "access_denied" }
  /** The provider no longer knows the code (already redeemed, or revoked). */
  | { status: "invalid_grant" }
  | { status: "signed_in"; user: User; profile: Record<string, unknown>; tokens: TokenSet };

const POLL_ERRORS = new Set([
  "authorization_pending",
  "slow_down",
  "expired_token",
  "access_denied",
  "invalid_grant",
]);

/**
 * RFC 8628 §3.4: one poll of the provider's token endpoint. On success the tokens go through the same
 * checks as a browser sign-in: ID-token claims (oauth4webapi) and signature (our key set), the
 * userinfo `sub`, then the provider's `profile()`. An unexpected failure is `OAuthCallback`.
 */
export async function pollDeviceToken(
  provider: OAuthProviderConfig,
  input: { deviceCode: string; runtime: OAuthRuntime; discovery: DiscoveryCache },
): Promise<DeviceTokenResult> {
  const { runtime } = input;
  try {
    const { as, client, auth } = await clientContext(provider, input);
    const response = await oauth.deviceCodeGrantRequest(
      as,
      client,
      auth,
      input.deviceCode,
      requestOptions(runtime, String(as.token_endpoint)),
    );
    let tokens: oauth.TokenEndpointResponse;
    try {
      tokens = await oauth.processDeviceCodeResponse(as, client, response);
    } catch (error) {
      if (error instanceof oauth.ResponseBodyError && POLL_ERRORS.has(error.error)) {
        if (error.error !== "slow_down") return { status: error.error } as DeviceTokenResult;
        const interval = error.cause.interval;
        return typeof interval === "number" && Number.isFinite(interval) && interval > 0
          ? { status: "slow_down", interval: Math.ceil(interval) }
          : { status: "slow_down" };
      }
      throw error;
    }
    if (provider.type === "oidc" && tokens.id_token === undefined) {
      throw new Error("the token response of an OIDC provider has no ID token");
    }
    const signedIn = await signedInUser(provider, {
      as,
      client,
      tokens,
      runtime,
      discovery: input.discovery,
    });
    return { status: "signed_in", ...signedIn };
  } catch (error) {
    throw toAuthError("OAuthCallback", error);
  }
}
