import type { ResolvedConfig } from "../config/resolve-config.ts";
import { createDiscoveryCache } from "../oauth/discovery-cache.ts";
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

export function createDeviceFlows(config: ResolvedConfig): DeviceFlows {
  const runtime = { fetch: config.fetch, timeoutMs: config.httpTimeout, now: config.now };
  // Per instance, like the browser flows' cache: no module state, tests start clean.
  const discovery = createDiscoveryCache();
  return {
    start: (provider) => requestDeviceAuthorization(provider, { runtime, discovery }),
    poll: (provider, deviceCode) => pollDeviceToken(provider, { deviceCode, runtime, discovery }),
    limiter: new PollLimiter(),
  };
}
