import { createRemoteJWKSet, customFetch, type RemoteJWKSet } from "jose";
import { sizeLimitedFetch } from "./http.ts";

/** A token with an unknown `kid` refetches the key set at most this often (jose's default, kept explicit). */
export const KEY_SET_COOLDOWN_MS = 30_000;
/** Keys are refetched after this long even when every `kid` is known, so retired keys stop working. */
export const KEY_SET_MAX_AGE_MS = 600_000;

/**
 * A provider's remote key set (jose `createRemoteJWKSet`) fetched through `fetchImpl` with its body
 * size capped, a per-fetch timeout, the 30 s cooldown and 10 min cache. Within the cache age a
 * warm set keeps verifying while the endpoint is down; a new `kid` (rotation) refetches.
 *
 * RFC 7517 §5 says to ignore keys that are not understood. jose skips other `kty`s and `use: "enc"`
 * keys itself, but refuses the whole set when one entry is not even an object; those entries are
 * dropped here so one broken key cannot take the good ones down with it.
 */
export function createKeySet(
  jwksUri: string,
  options: { fetch: typeof fetch; timeoutMs: number },
): RemoteJWKSet {
  const limited = sizeLimitedFetch(options.fetch);
  return createRemoteJWKSet(new URL(jwksUri), {
    timeoutDuration: options.timeoutMs,
    cooldownDuration: KEY_SET_COOLDOWN_MS,
    cacheMaxAge: KEY_SET_MAX_AGE_MS,
    // jose sends `redirect: "manual"` and its own timeout signal.
    [customFetch]: async (url, init) => dropUnusableKeys(await limited(url, init)),
  });
}

async function dropUnusableKeys(response: Response): Promise<Response> {
  if (response.status !== 200) return response;
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: hand the body back unchanged and let jose report it.
    return new Response(text, { status: 200, headers: response.headers });
  }
  if (typeof parsed !== "object" || parsed === null || !("keys" in parsed) || !Array.isArray(parsed.keys)) {
    return new Response(text, { status: 200, headers: response.headers });
  }
  const keys = parsed.keys.filter(
    (key: unknown) =>
      typeof key === "object" &&
      key !== null &&
      !Array.isArray(key) &&
      typeof (key as { kty?: unknown }).kty === "string",
  );
  return Response.json({ ...parsed, keys }, { status: 200 });
}
