import type { WebAuthnCeremonies } from "@gatehouse/core/webauthn";
import { authenticationOptions, verifyAuthentication } from "./authentication.ts";
import { registrationOptions, verifyRegistration } from "./registration.ts";

/**
 * The WebAuthn ceremonies Gatehouse's passkeys run on, verified by `@simplewebauthn/server`: options
 * that ask for a discoverable credential with user verification and no attestation (ES256, EdDSA,
 * RS256), registrations refused when they carry certificates (no CRL fetch from a forged chain),
 * and assertions checked for origin, RP ID, challenge, user verification, the user handle and a
 * counter that grew.
 *
 * @example
 * import { gatehouse } from "@gatehouse/core";
 * import { webAuthn } from "@gatehouse/passkeys";
 * export const auth = gatehouse({ …, adapter, passkeys: { webAuthn: webAuthn(), rpName: "Acme" } });
 */
export function webAuthn(): WebAuthnCeremonies {
  return { registrationOptions, verifyRegistration, authenticationOptions, verifyAuthentication };
}

export { authenticationOptions, registrationOptions, verifyAuthentication, verifyRegistration };
