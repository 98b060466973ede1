// The browser's side of passkey ceremonies without a browser: core's software authenticator answers
// the server's options as `navigator.credentials` would, through the client's internal WebAuthnCalls.
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from "@gatehouse/passkeys/testing";
import type { OptionsJSON, WebAuthnCalls } from "../passkeys/webauthn-calls.ts";

export interface SoftwareWebAuthn extends WebAuthnCalls {
  authenticator: SoftwareAuthenticator;
  /** Each browser call, in order, with the options it was given. */
  calls: Array<{
    call: "startRegistration" | "startAuthentication";
    optionsJSON: OptionsJSON;
    autofill?: boolean;
  }>;
  cancelled: number;
  /** Makes the next browser call throw this instead of answering. */
  failNext(error: unknown): void;
}

export async function softwareWebAuthn(origin: string, rpId = "localhost"): Promise<SoftwareWebAuthn> {
  const authenticator = await createSoftwareAuthenticator();
  let userHandle: string | undefined;
  let failure: { error: unknown } | null = null;
  const throwIfFailing = () => {
    if (!failure) return;
    const { error } = failure;
    failure = null;
    throw error;
  };
  const webauthn: SoftwareWebAuthn = {
    authenticator,
    calls: [],
    cancelled: 0,
    failNext: (error) => {
      failure = { error };
    },
    async startRegistration({ optionsJSON }) {
      webauthn.calls.push({ call: "startRegistration", optionsJSON });
      throwIfFailing();
      // The user handle the options carry is what a discoverable credential answers with later.
      userHandle = (optionsJSON.user as { id: string }).id;
      return authenticator.register({ challenge: String(optionsJSON.challenge), origin, rpId });
    },
    async startAuthentication({ optionsJSON, useBrowserAutofill }) {
      webauthn.calls.push({ call: "startAuthentication", optionsJSON, autofill: useBrowserAutofill });
      throwIfFailing();
      return authenticator.assert({
        challenge: String(optionsJSON.challenge),
        origin,
        rpId,
        ...(userHandle === undefined ? {} : { userHandle }),
      });
    },
    cancelCeremony: () => {
      webauthn.cancelled++;
    },
    supported: () => true,
    autofillSupported: async () => true,
  };
  return webauthn;
}
