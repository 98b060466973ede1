import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from "@simplewebauthn/browser";
import type { WebAuthnCalls } from "./webauthn-calls.ts";

/**
 * The browser's WebAuthn through @simplewebauthn/browser, which turns the server's JSON options into
 * `navigator.credentials` arguments and the credential back into JSON. Imported only by this subpath,
 * so apps that do not use passkeys do not ship it.
 */
export const browserWebAuthn: WebAuthnCalls = {
  // The options are the server's, passed through as they came: the browser checks them.
  startRegistration: ({ optionsJSON }) =>
    startRegistration({ optionsJSON: optionsJSON as unknown as PublicKeyCredentialCreationOptionsJSON }),
  startAuthentication: ({ optionsJSON, useBrowserAutofill = false }) =>
    startAuthentication({
      optionsJSON: optionsJSON as unknown as PublicKeyCredentialRequestOptionsJSON,
      useBrowserAutofill,
    }),
  cancelCeremony: () => WebAuthnAbortService.cancelCeremony(),
  supported: browserSupportsWebAuthn,
  autofillSupported: browserSupportsWebAuthnAutofill,
};
