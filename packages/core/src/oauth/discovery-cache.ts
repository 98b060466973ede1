import type { RemoteJWKSet } from "jose";
import type { AuthorizationServer } from "oauth4webapi";

/**
 * Discovered provider metadata (per issuer) and remote key sets (per `jwks_uri`). The caller owns it —
 * typically one per configured app — so there is no module-level state and tests start clean.
 */
export interface DiscoveryCache {
  /** In-flight or settled discovery per issuer; a failed discovery is removed so the next sign-in retries. */
  readonly servers: Map<string, Promise<AuthorizationServer>>;
  /** One remote key set per `jwks_uri`; jose keeps its keys, cooldown and max age inside. */
  readonly keySets: Map<string, RemoteJWKSet>;
}

/**
 * An empty discovery cache.
 *
 * @example const discovery = createDiscoveryCache()
 */
export function createDiscoveryCache(): DiscoveryCache {
  return { servers: new Map(), keySets: new Map() };
}
