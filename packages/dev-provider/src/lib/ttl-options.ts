// Its own file so that the public declarations (start-dev-provider.d.ts) reach it without reaching
// oidc-provider's types, which oidc-provider does not ship (see oidc-provider.d.ts).

/** Lifetimes, in seconds, of the artifacts oidc-provider issues. */
export interface TtlOptions {
  AccessToken?: number;
  AuthorizationCode?: number;
  BackchannelAuthenticationRequest?: number;
  ClientCredentials?: number;
  DeviceCode?: number;
  Grant?: number;
  IdToken?: number;
  Interaction?: number;
  PreAuthorizedCode?: number;
  RefreshToken?: number;
  Session?: number;
}
