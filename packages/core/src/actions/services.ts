import type { ResolvedConfig } from "../config/resolve-config.ts";
import { createDeviceFlows, type DeviceFlows } from "../device/device-flows.ts";
import { createLogoutReplayCache, type ReplayCache } from "../logout/replay-cache.ts";
import { createOAuthFlows, type OAuthFlows } from "../oauth/oauth-flows.ts";
import { databaseStrategy } from "../session/database-strategy.ts";
import { jwtStrategy } from "../session/jwt-strategy.ts";
import { createSessions, type Sessions } from "../session/sessions.ts";

/** What the handlers share for the life of one Gatehouse instance (no module state anywhere). */
export interface Services {
  sessions: Sessions;
  /** The OAuth client: discovery cache, key sets, registered clients. */
  oauth: OAuthFlows;
  /** The device flow's provider steps and poll limiter. */
  device: DeviceFlows;
  /** Back-channel logout token `jti`s already used. */
  replays: ReplayCache;
}

export function createServices(config: ResolvedConfig): Services {
  const strategy =
    config.session.strategy === "database" && config.adapter
      ? databaseStrategy(config.adapter)
      : jwtStrategy();
  const oauth = createOAuthFlows(config);
  return {
    sessions: createSessions(strategy, config.nextAuthV4),
    oauth,
    device: createDeviceFlows(oauth),
    replays: createLogoutReplayCache(),
  };
}
