import * as oauth from "oauth4webapi";
import type { Failure } from "../../errors/failure.ts";
import type { DiscoveryCache } from "../../oauth/discovery-cache.ts";
import { clientContext } from "../../oauth/lib/client-context.ts";
import { requestOptions } from "../../oauth/lib/http.ts";
import { signedInUser } from "../../oauth/lib/signed-in-user.ts";
import { toAuthError } from "../../oauth/lib/to-auth-error.ts";
import type { OAuthRuntime } from "../../oauth/runtime.ts";
import type { OAuthProviderConfig, TokenSet, User } from "../../providers/types.ts";

/** The person signed in at the provider: the user, the profile and the tokens, checked as a browser sign-in's. */
export interface DeviceSignIn {
  user: User;
  profile: Record<string, unknown>;
  tokens: TokenSet;
}

/**
 * The RFC 8628 §3.5 answers a device acts on, as catalogue codes; `DeviceCodeInvalid` is the provider's
 * `invalid_grant` (the code is already redeemed, or revoked). A `SlowDown` keeps the provider's new
 * interval when it sent one.
 */
export type DevicePollFailure =
  | Failure<"AuthorizationPending" | "DeviceCodeExpired" | "DeviceAccessDenied" | "DeviceCodeInvalid">
  | (Failure<"SlowDown"> & { readonly interval?: number });

/** One poll's result: the signed-in user, or why there is none yet. */
export type DeviceTokenResult = DeviceSignIn | DevicePollFailure;

/** The provider's `error` values a device acts on, and the catalogue code each becomes. */
const POLL_FAILURES = new Map<string, DevicePollFailure["error"]>([
  ["authorization_pending", "AuthorizationPending"],
  ["slow_down", "SlowDown"],
  ["expired_token", "DeviceCodeExpired"],
  ["access_denied", "DeviceAccessDenied"],
  ["invalid_grant", "DeviceCodeInvalid"],
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
      if (!(error instanceof oauth.ResponseBodyError)) throw error;
      const code = POLL_FAILURES.get(error.error);
      if (code === undefined) throw error;
      if (code !== "SlowDown") return { error: code };
      const interval = error.cause.interval;
      return typeof interval === "number" && Number.isFinite(interval) && interval > 0
        ? { error: "SlowDown", interval: Math.ceil(interval) }
        : { error: "SlowDown" };
    }
    if (provider.type === "oidc" && tokens.id_token === undefined) {
      throw new Error("the token response of an OIDC provider has no ID token");
    }
    return await signedInUser(provider, { as, client, tokens, runtime, discovery: input.discovery });
  } catch (error) {
    throw toAuthError("OAuthCallback", error);
  }
}
