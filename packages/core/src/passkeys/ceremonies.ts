import type { StoredPasskey } from "../adapter/adapter.ts";
import { hasFunctions } from "../lib/has-functions.ts";
import type { RelyingParty } from "./relying-party.ts";

/**
 * The WebAuthn ceremonies passkeys need: the options a browser passes to `navigator.credentials`,
 * and the verification of what it answers (attestation, assertion signatures, COSE keys). Core keeps
 * the rest of passkeys — challenges, storage, counters, sign-in and sign-up — and does no WebAuthn
 * cryptography itself: `@gatehouse/passkeys` provides these, on `@simplewebauthn/server`, so an app
 * without passkeys never loads that library.
 *
 * @example
 * import { webAuthn } from "@gatehouse/passkeys";
 * gatehouse({ …, passkeys: { webAuthn: webAuthn() } });
 */
export interface WebAuthnCeremonies {
  /** Options for `navigator.credentials.create()`; their `challenge` goes into the challenge cookie. */
  registrationOptions(input: {
    rp: RelyingParty;
    user: PasskeyUser;
    existing: readonly StoredPasskey[];
    /** How long the ceremony may take, ms (the challenge cookie's lifetime). */
    timeoutMs: number;
  }): Promise<CredentialCreationOptionsJSON>;
  /**
   * The browser's answer to `registrationOptions`, verified: the passkey to store (its public key
   * only), or a failure. Never throws for a bad response.
   */
  verifyRegistration(input: {
    response: unknown;
    expectedChallenge: string;
    rp: RelyingParty;
    userId: string;
    name: string;
    now: number;
  }): Promise<StoredPasskey | PasskeyRegistrationFailed>;
  /** Options for `navigator.credentials.get()`; an empty `allowCredentials` offers discoverable passkeys. */
  authenticationOptions(input: {
    rp: RelyingParty;
    allowCredentials?: readonly StoredPasskey[];
    timeoutMs: number;
  }): Promise<CredentialRequestOptionsJSON>;
  /**
   * An assertion verified against the stored passkey its `id` names: challenge, origin, RP ID, user
   * presence and verification, the signature, the user handle, and a counter that grew. Never throws
   * for a bad response.
   */
  verifyAuthentication(input: {
    response: unknown;
    expectedChallenge: string;
    rp: RelyingParty;
    passkey: StoredPasskey;
  }): Promise<PasskeyAuthenticated | PasskeyInvalid>;
}

/** `PublicKeyCredentialCreationOptionsJSON` (WebAuthn Level 3), as core reads it: its challenge. */
export interface CredentialCreationOptionsJSON {
  readonly challenge: string;
}

/** `PublicKeyCredentialRequestOptionsJSON` (WebAuthn Level 3), as core reads it: its challenge. */
export interface CredentialRequestOptionsJSON {
  readonly challenge: string;
}

/** The user a passkey is created for, as the authenticator will show it. */
export interface PasskeyUser {
  id: string;
  email: string;
  name?: string | null;
}

/** A registration that did not verify; `cause` is for the log only. */
export interface PasskeyRegistrationFailed {
  readonly error: "PasskeyRegistrationFailed";
  readonly cause: string;
}

/** A sign-in with a passkey that verified: what to record with `usePasskey`. */
export interface PasskeyAuthenticated {
  /** The authenticator's signature counter now (0 for authenticators that do not count). */
  readonly newCounter: number;
  readonly userVerified: boolean;
  /** Whether the credential is backed up (synced) now; it can change after registration. */
  readonly backedUp: boolean;
  readonly deviceType: StoredPasskey["deviceType"];
}

/**
 * A sign-in with a passkey that must be refused; `cause` is for the log only. `counterRegressed`:
 * the signature is valid but the counter did not grow — the mark of a cloned authenticator, which
 * the caller logs as such.
 */
export interface PasskeyInvalid {
  readonly error: "PasskeyInvalid";
  readonly cause: string;
  readonly counterRegressed: boolean;
}

const METHODS = [
  "registrationOptions",
  "verifyRegistration",
  "authenticationOptions",
  "verifyAuthentication",
] as const;

/** Whether a value has the four ceremonies (checked at start-up, with a message that says what to pass). */
export function isWebAuthnCeremonies(value: unknown): value is WebAuthnCeremonies {
  return hasFunctions(value, METHODS);
}
