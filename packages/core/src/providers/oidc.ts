import type { ClientRegistrationOptions, OAuthProviderConfig } from "./types.ts";

/**
 * `OIDC()` options: a client id, or `registration` and no client id (RFC 7591 dynamic registration).
 * Both at once type-checks (a spread of `Partial<OAuthProviderConfig>` must) but fails at startup.
 */
export type OIDCOptions = Omit<OAuthProviderConfig, "type" | "clientId" | "registration"> & {
  issuer: string;
} & (
    | { clientId: string; registration?: ClientRegistrationOptions }
    | { clientId?: undefined; clientSecret?: undefined; registration: ClientRegistrationOptions }
  );

/**
 * A generic OpenID Connect provider: discovery from `issuer`, PKCE + state + nonce, ID-token checks.
 *
 * @example OIDC({ id: "keycloak", name: "Keycloak", issuer: "https://id.example.com/realms/main", clientId, clientSecret })
 * @example OIDC({ id: "corp", name: "Corp", issuer, registration: {} }) // registers itself on first use
 */
export function OIDC(options: OIDCOptions): OAuthProviderConfig {
  // A registering provider's id is empty until the stored registration fills it in (see
  // `registration/registered-clients.ts`); startup validation refuses an empty id without `registration`.
  return { ...options, clientId: options.clientId ?? "", type: "oidc" };
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
