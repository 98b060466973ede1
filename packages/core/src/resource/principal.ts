/** Who a verified access token speaks for, as `verifyAccessToken` returns it. */
export interface Principal {
  /** `sub`: the user (or, for a client-credentials token, whatever the issuer put there); null when absent. */
  subject: string | null;
  /** `client_id`: the client the token was issued to; null when absent. */
  clientId: string | null;
  /** The granted scopes (`scope`, space-separated on the wire). */
  scopes: string[];
  /** `aud`, always as a list. */
  audience: string[];
  /** `iss`. */
  issuer: string;
  /** `exp` in seconds since the epoch; null when the introspection answer has none. */
  expiresAt: number | null;
  /** Every claim of the JWT payload or the introspection answer, for what the fields above leave out. */
  claims: Record<string, unknown>;
  /** `jwt`: verified against the issuer's key set; `introspection`: confirmed active by the issuer. */
  source: "jwt" | "introspection";
}

/**
 * True when the principal was granted every one of `scopes`: the check behind a 403 `insufficient_scope`.
 *
 * @example if (!hasScopes(principal, ["api:write"])) return forbidden();
 */
export function hasScopes(principal: Principal, scopes: readonly string[]): boolean {
  return scopes.every((scope) => principal.scopes.includes(scope));
}

/** A `scope` claim (RFC 6749 §3.3, space-separated) as a list; anything else is no scope. */
export function scopeList(value: unknown): string[] {
  return typeof value === "string" ? value.split(" ").filter((scope) => scope !== "") : [];
}

/** An `aud` claim as a list. */
export function audienceList(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
}
