import { ConfigError } from "../../errors/config-error.ts";
import { isAllowedEndpoint } from "../../oauth/lib/http.ts";
import {
  type AccessTokenVerifierOptions,
  DEFAULT_ACCESS_TOKEN_ALGORITHMS,
  DEFAULT_ACCESS_TOKEN_TYP,
  DEFAULT_INTROSPECTION_CACHE_SECONDS,
  DEFAULT_INTROSPECTION_CACHE_SIZE,
  DEFAULT_RESOURCE_TIMEOUT_MS,
  type IntrospectionOptions,
} from "../verifier-options.ts";

export interface ResolvedVerifierOptions {
  issuer: string;
  audience: string[];
  algorithms: string[];
  typ: string | undefined;
  jwksUri: string | undefined;
  introspection: IntrospectionOptions | undefined;
  cacheMs: number;
  cacheSize: number;
  fetch: typeof fetch;
  now: () => number;
  timeoutMs: number;
  onError: NonNullable<AccessTokenVerifierOptions["onError"]>;
}

/** Checks the options once, at start-up: misuse is a `TypeError` that says what to fix. */
export function resolveVerifierOptions(options: AccessTokenVerifierOptions): ResolvedVerifierOptions {
  if (typeof options !== "object" || options === null) fail("options are required");
  if (typeof options.issuer !== "string" || !isAllowedEndpoint(options.issuer)) {
    fail("`issuer` must be the issuer's https: URL (http: only on localhost)");
  }
  const audience = typeof options.audience === "string" ? [options.audience] : options.audience;
  if (
    !Array.isArray(audience) ||
    audience.length === 0 ||
    audience.some((a) => typeof a !== "string" || !a)
  ) {
    fail("`audience` must name this API (a non-empty string or list of strings)");
  }
  const algorithms = options.algorithms ?? DEFAULT_ACCESS_TOKEN_ALGORITHMS;
  if (algorithms.length === 0) fail("`algorithms` must not be empty");
  // A shared-secret algorithm would let anyone holding the secret (every client of a symmetric
  // issuer) mint tokens for this API; `none` would let anyone at all.
  const unsafe = algorithms.filter((alg) => alg === "none" || alg.toUpperCase().startsWith("HS"));
  if (unsafe.length > 0) fail(`\`algorithms\` may only list asymmetric algorithms, not ${unsafe.join(", ")}`);
  if (
    options.typ !== undefined &&
    options.typ !== false &&
    (typeof options.typ !== "string" || !options.typ)
  ) {
    fail("`typ` must be a media type such as at+jwt, or false");
  }
  if (options.jwksUri !== undefined && !isAllowedEndpoint(options.jwksUri)) {
    fail("`jwksUri` must be an https: URL (http: only on localhost)");
  }
  const introspection = options.introspection;
  if (introspection !== undefined) {
    if (!introspection.clientId || !introspection.clientSecret) {
      fail("`introspection` needs the `clientId` and `clientSecret` the issuer knows this API by");
    }
    if (introspection.endpoint !== undefined && !isAllowedEndpoint(introspection.endpoint)) {
      fail("`introspection.endpoint` must be an https: URL (http: only on localhost)");
    }
  }
  const cacheSeconds = options.introspectionCacheSeconds ?? DEFAULT_INTROSPECTION_CACHE_SECONDS;
  if (!Number.isFinite(cacheSeconds) || cacheSeconds < 0) {
    fail("`introspectionCacheSeconds` must be a number of seconds, 0 or more");
  }
  const cacheSize = options.introspectionCacheSize ?? DEFAULT_INTROSPECTION_CACHE_SIZE;
  if (!Number.isInteger(cacheSize) || cacheSize < 1)
    fail("`introspectionCacheSize` must be a positive integer");
  const timeoutMs = options.timeoutMs ?? DEFAULT_RESOURCE_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) fail("`timeoutMs` must be a positive integer");
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    issuer: options.issuer,
    audience,
    algorithms: [...algorithms],
    typ: options.typ === false ? undefined : (options.typ ?? DEFAULT_ACCESS_TOKEN_TYP),
    jwksUri: options.jwksUri,
    introspection,
    cacheMs: cacheSeconds * 1000,
    cacheSize,
    fetch: fetchImpl,
    now: options.now ?? Date.now,
    timeoutMs,
    onError: options.onError ?? (() => {}),
  };
}

function fail(message: string): never {
  throw new ConfigError(`verifyAccessToken: ${message}`);
}
