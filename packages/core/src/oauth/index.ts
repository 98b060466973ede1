export { type OAuthCheckValues, resolveChecks } from "./checks.ts";
export {
  type CompleteAuthorizationInput,
  type CompleteAuthorizationResult,
  completeAuthorization,
} from "./complete-authorization.ts";
export { createDiscoveryCache, type DiscoveryCache } from "./discovery-cache.ts";
export { createOAuthRuntime, DEFAULT_OAUTH_TIMEOUT_MS, type OAuthRuntime } from "./runtime.ts";
export {
  type StartAuthorizationInput,
  type StartAuthorizationResult,
  startAuthorization,
} from "./start-authorization.ts";
