import type { RequestHead } from "./request-head.ts";

// RFC 6750 §2.1: `Bearer` (any case), spaces, a token68. A second Authorization header arrives joined
// with ", " and so fails this pattern — two credentials are ambiguous and refused.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * The token of an `Authorization: Bearer <token>` header, or null. Only the header: RFC 6750's form
 * body and query parameter methods put tokens where logs and caches keep them. A header longer than
 * `maxTokenLength` allows is refused before anything parses it.
 *
 * @example bearerToken(request, 16 * 1024) // access tokens for a resource server
 */
export function bearerToken(request: Pick<RequestHead, "headers">, maxTokenLength: number): string | null {
  const header = request.headers.get("authorization");
  if (header === null || header.length > maxTokenLength + "Bearer ".length) return null;
  return BEARER.exec(header.trim())?.[1] ?? null;
}
