import type { OAuthProviderConfig } from "./types.ts";

/**
 * A generic OpenID Connect provider: discovery from `issuer`, PKCE + state + nonce, ID-token checks.
 *
 * @example OIDC({ id: "keycloak", name: "Keycloak", issuer: "https://id.example.com/realms/main", clientId, clientSecret })
 */
export function OIDC(options: Omit<OAuthProviderConfig, "type"> & { issuer: string }): OAuthProviderConfig {
  return { ...options, type: "oidc" };
}

/**
 * A generic OAuth 2 provider with explicit endpoints (or an `issuer` for RFC 8414 discovery); the
 * profile comes from the userinfo endpoint.
 *
 * @example OAuth2({ id: "acme", name: "Acme", clientId, clientSecret, authorization: { url }, token: { url }, userinfo: { url } })
 */
export function OAuth2(options: Omit<OAuthProviderConfig, "type">): OAuthProviderConfig {
  return { ...options, type: "oauth" };
}
