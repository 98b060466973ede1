import { AuthError } from "../errors/auth-error.ts";
import { toAuthError } from "../oauth/lib/to-auth-error.ts";
import type { OAuthFlows } from "../oauth/oauth-flows.ts";
import type { OAuthProviderConfig } from "../providers/types.ts";
import { type DeviceAuthorization, requestDeviceAuthorization } from "./lib/device-authorization.ts";
import { type DeviceTokenResult, pollDeviceToken } from "./lib/device-token.ts";
import { PollLimiter } from "./poll-limiter.ts";

/** The device flow's provider steps bound to one Gatehouse instance, with its poll limiter. */
export interface DeviceFlows {
  start(provider: OAuthProviderConfig): Promise<DeviceAuthorization>;
  poll(provider: OAuthProviderConfig, deviceCode: string): Promise<DeviceTokenResult>;
  readonly limiter: PollLimiter;
}

/**
 * The device steps on the browser flows' runtime and discovery cache (one metadata fetch and one key
 * set per issuer for both), acting as the client the browser flows act as — for a provider with
 * `registration`, the stored registration.
 */
export function createDeviceFlows(oauth: OAuthFlows): DeviceFlows {
  const { runtime, discovery } = oauth;
  return {
    start: async (provider) =>
      requestDeviceAuthorization(await client(oauth, provider, "OAuthSignin"), { runtime, discovery }),
    poll: async (provider, deviceCode) =>
      pollDeviceToken(await client(oauth, provider, "OAuthCallback"), { deviceCode, runtime, discovery }),
    limiter: new PollLimiter(),
  };
}

/** The provider with its client id (and secret); a device flow never registers a client itself. */
async function client(
  oauth: OAuthFlows,
  provider: OAuthProviderConfig,
  code: "OAuthSignin" | "OAuthCallback",
): Promise<OAuthProviderConfig> {
  let resolved: OAuthProviderConfig | null;
  try {
    resolved = await oauth.client(provider);
  } catch (error) {
    throw toAuthError(code, error);
  }
  if (resolved === null) {
    throw new AuthError(code, { cause: "no client registration is stored for this provider yet" });
  }
  return resolved;
}
