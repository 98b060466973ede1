// `@gatehouse/react/passkeys`: its own entry, so that apps without passkeys ship none of this or of
// @simplewebauthn/browser.
export { createPasskeyClient } from "./create-passkey-client.ts";
export {
  deletePasskey,
  listPasskeys,
  passkeyAutofillSupported,
  passkeysSupported,
  registerPasskey,
  renamePasskey,
  signInWithPasskey,
  signUpWithPasskey,
} from "./default-actions.ts";
export type {
  PasskeyClient,
  PasskeyErrorCode,
  PasskeyFailure,
  PasskeyInfo,
  PasskeyListResult,
  PasskeyRegisterResult,
  PasskeyResult,
  PasskeySignInOptions,
  PasskeySignUpInput,
  PasskeyUpdateResult,
  RegisterPasskeyInput,
} from "./types.ts";
