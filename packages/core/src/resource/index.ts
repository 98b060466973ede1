export { hasScopes, type Principal } from "./principal.ts";
export type { AccessTokenVerifierOptions, IntrospectionOptions } from "./verifier-options.ts";
export {
  type AccessTokenVerifier,
  createAccessTokenVerifier,
  verifyAccessToken,
} from "./verify-access-token.ts";
