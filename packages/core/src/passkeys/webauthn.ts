/**
 * `@gatehouse/core/webauthn`: what a WebAuthn ceremonies implementation (`@gatehouse/passkeys`)
 * builds on — the interface core calls, the checked shapes of a browser's responses, the user
 * handle rule and the relying party. Apps configure passkeys with `@gatehouse/passkeys`; they rarely
 * import this.
 */
export type {
  CredentialCreationOptionsJSON,
  CredentialRequestOptionsJSON,
  PasskeyAuthenticated,
  PasskeyInvalid,
  PasskeyRegistrationFailed,
  PasskeyUser,
  WebAuthnCeremonies,
} from "./ceremonies.ts";
export { type RelyingParty, type RelyingPartyOptions, resolveRelyingParty } from "./relying-party.ts";
export {
  type AuthenticationResponseJSON,
  type CredentialTransport,
  parseAuthenticationResponse,
  parseRegistrationResponse,
  type RegistrationResponseJSON,
} from "./response-json.ts";
export { isUserHandleOf, userHandle } from "./user-handle.ts";
