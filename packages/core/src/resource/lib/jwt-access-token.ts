import { type JWTPayload, jwtVerify, type RemoteJWKSet } from "jose";
import { CLOCK_TOLERANCE_S } from "../../lib/defaults.ts";
import { audienceList, type Principal, scopeList } from "../principal.ts";
import type { ResolvedVerifierOptions } from "./resolve-options.ts";

/**
 * jose error codes that mean "this token is bad" (wrong signature, claims, algorithm, unknown key):
 * everyday traffic, answered with null. Anything else — a key set that times out, answers 500 or junk —
 * means the issuer could not be asked, which the operator should hear about through `onError`.
 */
const TOKEN_FAILURES = new Set([
  "ERR_JWT_CLAIM_VALIDATION_FAILED",
  "ERR_JWT_EXPIRED",
  "ERR_JWT_INVALID",
  "ERR_JWS_INVALID",
  "ERR_JWS_SIGNATURE_VERIFICATION_FAILED",
  "ERR_JOSE_ALG_NOT_ALLOWED",
  "ERR_JOSE_NOT_SUPPORTED",
  "ERR_JWKS_NO_MATCHING_KEY",
  "ERR_JWKS_MULTIPLE_MATCHING_KEYS",
  "ERR_JWK_INVALID",
]);

export function isTokenFailure(error: unknown): boolean {
  const code: unknown = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && TOKEN_FAILURES.has(code);
}

/**
 * Verifies a JWT access token (RFC 9068): signature by a key of the issuer's key set with an allowed
 * algorithm, `typ`, `iss`, `aud`, `exp`/`nbf`/`iat` on the injected clock. Throws jose's error on failure;
 * the caller turns it into null.
 */
export async function verifyJwtAccessToken(
  token: string,
  keySet: RemoteJWKSet,
  options: ResolvedVerifierOptions,
): Promise<Principal | null> {
  const { payload } = await jwtVerify(token, keySet, {
    issuer: options.issuer,
    audience: options.audience,
    algorithms: options.algorithms,
    ...(options.typ === undefined ? {} : { typ: options.typ }),
    requiredClaims: ["exp"],
    currentDate: new Date(options.now()),
    clockTolerance: CLOCK_TOLERANCE_S,
  });
  // A sender-constrained token (DPoP, mTLS: RFC 9449 §7.1, RFC 8705 §3) presented as a plain bearer
  // token has lost its proof of possession; whoever sends it may have stolen it.
  if (payload.cnf !== undefined) return null;
  return jwtPrincipal(payload, options.issuer);
}

function jwtPrincipal(payload: JWTPayload, issuer: string): Principal {
  return {
    subject: typeof payload.sub === "string" ? payload.sub : null,
    clientId: typeof payload.client_id === "string" ? payload.client_id : null,
    scopes: scopeList(payload.scope),
    audience: audienceList(payload.aud),
    issuer,
    expiresAt: typeof payload.exp === "number" ? payload.exp : null,
    claims: { ...payload },
    source: "jwt",
  };
}
