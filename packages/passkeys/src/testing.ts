/**
 * `@gatehouse/passkeys/testing`: a software authenticator that answers WebAuthn ceremonies as a
 * browser hands them to the server, for an app's own tests of its passkey flows without a browser.
 */
export {
  type CeremonyOptions,
  createSoftwareAuthenticator,
  FLAG,
  newKeyPair,
  type SoftwareAuthenticator,
  type WebCryptoKey,
  type WebCryptoKeyPair,
} from "./software-authenticator.ts";
