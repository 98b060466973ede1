import * as oauth from "oauth4webapi";
import { AuthError } from "../../errors/auth-error.ts";
import type { DiscoveryCache } from "../../oauth/discovery-cache.ts";
import { resolveAuthorizationServer } from "../../oauth/lib/authorization-server.ts";
import { clientAuthentication, oauthClient } from "../../oauth/lib/client.ts";
import { isAllowedEndpoint, requestOptions } from "../../oauth/lib/http.ts";
import { toAuthError } from "../../oauth/lib/to-auth-error.ts";
import type { OAuthRuntime } from "../../oauth/runtime.ts";
import type { OAuthProviderConfig } from "../../providers/types.ts";

/** RFC 8628 §3.2: without an `interval` from the provider the device polls every 5 seconds. */
export const DEFAULT_INTERVAL_S = 5;

export interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete?: string;
  expiresIn: number;
  interval: number;
}

/**
 * RFC 8628 §3.1–3.2: asks the provider's device authorization endpoint for a device code and a user
 * code. A provider whose metadata names no usable endpoint is `DeviceFlowUnsupported`; any other
 * failure (unreachable, timeout, an OAuth error, a malformed answer) is `OAuthSignin`.
 */
export async function requestDeviceAuthorization(
  provider: OAuthProviderConfig,
  input: { runtime: OAuthRuntime; discovery: DiscoveryCache },
): Promise<DeviceAuthorization> {
  const { runtime } = input;
  try {
    const as = await resolveAuthorizationServer(provider, runtime, input.discovery);
    const endpoint = as.device_authorization_endpoint;
    if (typeof endpoint !== "string" || !isAllowedEndpoint(endpoint)) {
      throw new AuthError("DeviceFlowUnsupported", {
        cause: `provider "${provider.id}" has no usable device_authorization_endpoint`,
      });
    }
    const client = oauthClient(provider, runtime);
    const params = new URLSearchParams();
    // The same scope a browser sign-in asks for; `authorization.params.scope` overrides it.
    const scope =
      provider.authorization?.params?.scope ??
      (provider.type === "oidc" ? "openid profile email" : undefined);
    if (scope !== undefined) params.set("scope", scope);
    const response = await oauth.deviceAuthorizationRequest(
      as,
      client,
      clientAuthentication(provider, as),
      params,
      requestOptions(runtime, endpoint),
    );
    const answer = await oauth.processDeviceAuthorizationResponse(as, client, response);
    if (!Number.isFinite(answer.expires_in) || answer.expires_in <= 0) {
      throw new Error("device authorization response has no positive expires_in");
    }
    const interval =
      typeof answer.interval === "number" && Number.isFinite(answer.interval) && answer.interval > 0
        ? Math.ceil(answer.interval)
        : DEFAULT_INTERVAL_S;
    return {
      deviceCode: answer.device_code,
      userCode: answer.user_code,
      verificationUri: answer.verification_uri,
      ...(typeof answer.verification_uri_complete === "string"
        ? { verificationUriComplete: answer.verification_uri_complete }
        : {}),
      expiresIn: Math.floor(answer.expires_in),
      interval,
    };
  } catch (error) {
    throw toAuthError("OAuthSignin", error);
  }
}
