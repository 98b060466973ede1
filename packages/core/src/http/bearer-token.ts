/** Longer than any real access token; a larger header is refused before anything parses it. */
const MAX_TOKEN_LENGTH = 16 * 1024;

// RFC 6750 §2.1: `Bearer` (any case), one space, a token68. A second Authorization header arrives
// joined with ", " and so fails this pattern — two credentials are ambiguous and refused.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * The token of an `Authorization: Bearer <token>` header, or null. Only the header: RFC 6750's form
 * body and query parameter methods put tokens where logs and caches keep them.
 */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (header === null || header.length > MAX_TOKEN_LENGTH + 7) return null;
  return BEARER.exec(header.trim())?.[1] ?? null;
}
