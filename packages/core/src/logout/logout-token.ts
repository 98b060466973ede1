import { decodeProtectedHeader, jwtVerify } from "jose";
import type { AuthorizationServer } from "oauth4webapi";
import { CLOCK_TOLERANCE_S } from "../lib/defaults.ts";
import type { DiscoveryCache } from "../oauth/discovery-cache.ts";
import { isAllowedEndpoint } from "../oauth/lib/http.ts";
import { keySet, signingAlgorithms } from "../oauth/lib/id-token-signature.ts";
import type { OAuthRuntime } from "../oauth/runtime.ts";

/** The event member a logout token must carry (OpenID Back-Channel Logout 1.0 §2.4). */
export const BACKCHANNEL_LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";

/** How old (`iat`) a logout token may be; the replay cache remembers a `jti` this long. */
export const LOGOUT_TOKEN_MAX_AGE_S = 5 * 60;

/** What a verified logout token names: the provider's subject, its session, or both. */
export interface LogoutClaims {
  iss: string;
  jti: string;
  sub?: string;
  sid?: string;
}

/** Why a logout token was refused: for the log, never containing the token. */
export type LogoutTokenResult = { ok: true; claims: LogoutClaims } | { ok: false; reason: string };

/**
 * Validates a back-channel logout token as OpenID Back-Channel Logout 1.0 §2.6 asks: signature against
 * the provider's key set (the same cached remote key set ID tokens use, asymmetric algorithms only),
 * `iss`, `aud` = our client id, `iat` (at most 5 minutes old) and `exp` when present, a `jti`, an
 * `events` object whose backchannel-logout member is an object, `sub` and/or `sid`, and no `nonce` —
 * the rule that keeps an ID token from being passed off as a logout token.
 *
 * `typ`: when the header has one it must be `logout+jwt` (§2.4's explicit typing, which stops an ID
 * token or a JWT access token from being substituted); a token without `typ` is accepted because the
 * spec only RECOMMENDS explicit typing and providers that predate it send none — the `events` and
 * no-`nonce` rules still tell the token kinds apart. Replay (`jti`) is the caller's check.
 *
 * @example const result = await verifyLogoutToken(token, { as, clientId, runtime, discovery })
 */
export async function verifyLogoutToken(
  token: string,
  input: { as: AuthorizationServer; clientId: string; runtime: OAuthRuntime; discovery: DiscoveryCache },
): Promise<LogoutTokenResult> {
  const { as, runtime } = input;
  const jwksUri = as.jwks_uri;
  if (typeof jwksUri !== "string" || !isAllowedEndpoint(jwksUri)) {
    return { ok: false, reason: "provider has no usable jwks_uri" };
  }
  let typ: unknown;
  try {
    typ = decodeProtectedHeader(token).typ;
  } catch {
    return { ok: false, reason: "not a JWS" };
  }
  if (typ !== undefined && !isLogoutTyp(typ)) return { ok: false, reason: "typ is not logout+jwt" };

  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keySet(jwksUri, runtime, input.discovery), {
      issuer: as.issuer,
      audience: input.clientId,
      algorithms: signingAlgorithms(as),
      requiredClaims: ["iat", "jti", "events"],
      maxTokenAge: LOGOUT_TOKEN_MAX_AGE_S,
      currentDate: new Date(runtime.now()),
      clockTolerance: CLOCK_TOLERANCE_S,
    }));
  } catch (error) {
    // jose's messages name the failed check, never the token or its claims' values.
    return { ok: false, reason: error instanceof Error ? `${error.name}: ${error.message}` : "invalid JWT" };
  }

  const events = payload.events;
  if (!isObject(events) || !isObject(events[BACKCHANNEL_LOGOUT_EVENT])) {
    return { ok: false, reason: "events has no backchannel-logout member object" };
  }
  if (payload.nonce !== undefined) return { ok: false, reason: "a logout token must not contain nonce" };
  const sub = nonEmpty(payload.sub);
  const sid = nonEmpty(payload.sid);
  if (sub === undefined && sid === undefined) return { ok: false, reason: "neither sub nor sid" };
  const jti = nonEmpty(payload.jti);
  if (jti === undefined) return { ok: false, reason: "jti is not a string" };
  const claims: LogoutClaims = { iss: as.issuer, jti };
  if (sub !== undefined) claims.sub = sub;
  if (sid !== undefined) claims.sid = sid;
  return { ok: true, claims };
}

/** `logout+jwt`, compared as RFC 8725 §3.11 media types: case-insensitive, `application/` optional. */
function isLogoutTyp(typ: unknown): boolean {
  if (typeof typ !== "string") return false;
  const value = typ.toLowerCase();
  return value === "logout+jwt" || value === "application/logout+jwt";
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
