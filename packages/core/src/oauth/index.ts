export { type OAuthCheckValues, resolveChecks } from "./checks.ts";
export {
  type CompleteAuthorizationInput,
  type CompleteAuthorizationResult,
  completeAuthorization,
} from "./complete-authorization.ts";
export { createDiscoveryCache, type DiscoveryCache } from "./discovery-cache.ts";
export { createOAuthRuntime, type OAuthRuntime } from "./runtime.ts";
export {
  type StartAuthorizationInput,
  type StartAuthorizationResult,
  startAuthorization,
} from "./start-authorization.ts";
