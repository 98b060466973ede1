import type { OAuthCheck, OAuthProviderConfig } from "../providers/types.ts";

/** The values a sign-in must keep (sealed in cookies) between the redirect and the callback. */
export interface OAuthCheckValues {
  state?: string;
  /** PKCE `code_verifier`. */
  codeVerifier?: string;
  nonce?: string;
}

/**
 * The checks a provider's sign-in uses: the configured ones (default `state`, plus `nonce` for OIDC),
 * and always `pkce` — PKCE (S256) costs nothing with servers that ignore it and stops code injection
 * with servers that do not, so a provider cannot opt out of it.
 *
 * @example resolveChecks(provider).includes("nonce")
 */
export function resolveChecks(provider: OAuthProviderConfig): readonly OAuthCheck[] {
  const configured =
    provider.checks ?? (provider.type === "oidc" ? ["pkce", "state", "nonce"] : ["pkce", "state"]);
  const checks = new Set<OAuthCheck>(configured);
  checks.add("pkce");
  return [...checks];
}
