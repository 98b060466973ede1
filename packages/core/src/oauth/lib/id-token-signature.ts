import { errors, jwtVerify, type RemoteJWKSet } from "jose";
import type { AuthorizationServer } from "oauth4webapi";
import { CLOCK_TOLERANCE_S } from "../../lib/defaults.ts";
import type { DiscoveryCache } from "../discovery-cache.ts";
import type { OAuthRuntime } from "../runtime.ts";
import { isAllowedEndpoint } from "./http.ts";
import { createKeySet } from "./remote-key-set.ts";

/**
 * Verifies the ID token's signature against the provider's key set, with its `iss`, `aud`, `exp`, and
 * refuses an `iat` later than now plus the clock tolerance (both by the injected clock).
 *
 * oauth4webapi's `processAuthorizationCodeResponse` validates the claims (iss, aud, exp, iat's type, nonce,
 * azp) and the `alg` against discovery, but not the signature: OIDC Core §3.1.3.7 lets a client rely on
 * TLS to the token endpoint instead. We verify it anyway (docs/protocol.md §8), which also shuts out
 * `alg: none` and symmetric algorithms even if a provider's discovery document lists them.
 */
export async function verifyIdTokenSignature(
  idToken: string,
  input: { as: AuthorizationServer; clientId: string; runtime: OAuthRuntime; cache: DiscoveryCache },
): Promise<void> {
  const { as, runtime } = input;
  const jwksUri = as.jwks_uri;
  if (typeof jwksUri !== "string" || !isAllowedEndpoint(jwksUri)) {
    throw new Error("provider has no usable jwks_uri to verify the ID token");
  }
  const algorithms = signingAlgorithms(as);
  if (algorithms.length === 0) throw new Error("provider advertises no asymmetric ID token algorithm");
  const { payload } = await jwtVerify(idToken, keySet(jwksUri, runtime, input.cache), {
    issuer: as.issuer,
    audience: input.clientId,
    algorithms,
    requiredClaims: ["iat", "exp", "sub"],
    currentDate: new Date(runtime.now()),
    clockTolerance: CLOCK_TOLERANCE_S,
  });
  // oauth4webapi only checks that `iat` is a number, and jose compares it with the clock only under
  // `maxTokenAge`. A token issued in our future was minted ahead of time or by a provider whose clock is
  // wrong: its `exp` no longer bounds how long it lives, so it is refused like an expired one.
  // `requiredClaims` and jose's NumericDate check make `iat` a number here.
  if (Number(payload.iat) > runtime.now() / 1000 + CLOCK_TOLERANCE_S) {
    throw new errors.JWTClaimValidationFailed(
      '"iat" claim timestamp check failed (it should be in the past)',
      payload,
      "iat",
      "check_failed",
    );
  }
}

/** Discovery's `id_token_signing_alg_values_supported` without `none` and `HS*`; default `RS256`. */
export function signingAlgorithms(as: AuthorizationServer): string[] {
  const advertised = as.id_token_signing_alg_values_supported;
  if (!Array.isArray(advertised)) return ["RS256"];
  return advertised.filter(
    (alg): alg is string => typeof alg === "string" && alg !== "none" && !alg.startsWith("HS"),
  );
}

/** The provider's remote key set, one per `jwks_uri` in the cache (also verifies logout tokens). */
export function keySet(jwksUri: string, runtime: OAuthRuntime, cache: DiscoveryCache): RemoteJWKSet {
  let set = cache.keySets.get(jwksUri);
  if (set === undefined) {
    // A token with an unknown `kid` refetches at most every 30 s; keys are refreshed every 10 min.
    set = createKeySet(jwksUri, { fetch: runtime.fetch, timeoutMs: runtime.timeoutMs });
    cache.keySets.set(jwksUri, set);
  }
  return set;
}
