import type { RemoteJWKSet } from "jose";
import type * as oauth from "oauth4webapi";
import { bearerToken } from "../http/bearer-token.ts";
import { createKeySet } from "../oauth/lib/remote-key-set.ts";
import { safeCause } from "../oauth/lib/safe-cause.ts";
import { createOAuthRuntime } from "../oauth/runtime.ts";
import { introspect } from "./lib/introspect.ts";
import { createIntrospectionCache } from "./lib/introspection-cache.ts";
import { issuerMetadata } from "./lib/issuer-metadata.ts";
import { isTokenFailure, verifyJwtAccessToken } from "./lib/jwt-access-token.ts";
import { resolveVerifierOptions } from "./lib/resolve-options.ts";
import type { Principal } from "./principal.ts";
import type { AccessTokenVerifierOptions } from "./verifier-options.ts";

/** Longer than any real access token; a larger header is refused before anything parses it. */
const MAX_ACCESS_TOKEN_LENGTH = 16 * 1024;

/** Checks a request's bearer token; resolves to its principal or null, never rejects. */
export type AccessTokenVerifier = (request: Request) => Promise<Principal | null>;

/** A compact JWS has three parts; anything else (opaque handles, JWEs) goes to introspection. */
const JWS_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]*$/;

/**
 * A verifier for one API: keeps the issuer's metadata, its key set (30 s cooldown, 10 min cache) and
 * the introspection cache across requests. Options are checked now; misuse throws a `TypeError`.
 *
 * @example
 * const verify = createAccessTokenVerifier({ issuer: "https://id.example.com", audience: "https://api.example.com" });
 * const principal = await verify(request); // null → 401
 */
export function createAccessTokenVerifier(options: AccessTokenVerifierOptions): AccessTokenVerifier {
  const resolved = resolveVerifierOptions(options);
  const runtime = createOAuthRuntime({
    fetch: resolved.fetch,
    timeoutMs: resolved.timeoutMs,
    now: resolved.now,
  });
  const metadata = issuerMetadata(resolved.issuer, runtime);
  const cache = createIntrospectionCache({ size: resolved.cacheSize, now: resolved.now });
  // One key set per jwks_uri for this verifier; discovery may name a different one than the last time.
  const keySets = new Map<string, RemoteJWKSet>();

  const keySet = async (): Promise<RemoteJWKSet> => {
    const jwksUri = resolved.jwksUri ?? (await metadata()).jwks_uri;
    if (typeof jwksUri !== "string") throw new Error("the issuer's metadata has no jwks_uri");
    let set = keySets.get(jwksUri);
    if (set === undefined) {
      set = createKeySet(jwksUri, { fetch: resolved.fetch, timeoutMs: resolved.timeoutMs });
      keySets.set(jwksUri, set);
    }
    return set;
  };

  const introspectionServer = async (): Promise<oauth.AuthorizationServer> => {
    const endpoint = resolved.introspection?.endpoint;
    if (endpoint !== undefined) return { issuer: resolved.issuer, introspection_endpoint: endpoint };
    const as = await metadata();
    if (typeof as.introspection_endpoint !== "string") {
      throw new Error("the issuer's metadata has no introspection_endpoint");
    }
    return as;
  };

  const verifyOpaque = async (token: string, client: NonNullable<typeof resolved.introspection>) => {
    const as = await introspectionServer();
    return introspect(token, { as, client, audience: resolved.audience, runtime });
  };

  // Cache an answer for the configured time, but an active token never past its own `exp`.
  const ttl = (principal: Principal | null): number => {
    if (principal === null || principal.expiresAt === null) return resolved.cacheMs;
    return Math.min(resolved.cacheMs, principal.expiresAt * 1000 - resolved.now());
  };

  return async (request) => {
    const token = bearerToken(request, MAX_ACCESS_TOKEN_LENGTH);
    if (token === null) return null;
    try {
      if (JWS_SHAPE.test(token)) return await verifyJwtAccessToken(token, await keySet(), resolved);
      const client = resolved.introspection;
      if (client === undefined) return null;
      return await cache.get(token, () => verifyOpaque(token, client), ttl);
    } catch (error) {
      if (!isTokenFailure(error)) resolved.onError(safeCause(error));
      return null;
    }
  };
}

const verifiers = new WeakMap<AccessTokenVerifierOptions, AccessTokenVerifier>();

/**
 * Verifies the request's `Authorization: Bearer` token for a resource server (RFC 6750): a JWT access
 * token (RFC 9068) against the issuer's key set, or an opaque one through introspection (RFC 7662) when
 * `introspection` is set. Resolves to the principal, or null for a missing, malformed, expired, foreign
 * or revoked token and when the issuer cannot be reached — it never rejects for a bad token. One
 * verifier (and so one key set and cache) is kept per options object: pass the same object each time,
 * or hold a `createAccessTokenVerifier` yourself.
 *
 * @example
 * const api = { issuer: "https://id.example.com", audience: "https://api.example.com" };
 * const principal = await verifyAccessToken(request, api);
 * if (principal === null) return new Response(null, { status: 401, headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' } });
 */
export function verifyAccessToken(
  request: Request,
  options: AccessTokenVerifierOptions,
): Promise<Principal | null> {
  let verify = verifiers.get(options);
  if (verify === undefined) {
    verify = createAccessTokenVerifier(options);
    verifiers.set(options, verify);
  }
  return verify(request);
}
