import { isRecord } from "../lib/is-record.ts";
import type { PasskeyFailure } from "./types.ts";

/** Ceremony options as the server sent them (`PublicKeyCredential*OptionsJSON`), handed to the browser unread. */
export type OptionsJSON = Record<string, unknown>;

/**
 * The browser's side of a passkey ceremony: @simplewebauthn/browser in the package
 * (`browser-webauthn.ts`), a software authenticator in tests. Internal: not part of the public types.
 */
export interface WebAuthnCalls {
  /** `navigator.credentials.create()`; the credential's JSON (`RegistrationResponseJSON`). */
  startRegistration(input: { optionsJSON: OptionsJSON }): Promise<unknown>;
  /** `navigator.credentials.get()`, as a dialog or as autofill; the assertion's JSON. */
  startAuthentication(input: { optionsJSON: OptionsJSON; useBrowserAutofill?: boolean }): Promise<unknown>;
  /** Ends the ceremony under way: its call rejects with an `AbortError`. */
  cancelCeremony(): void;
  /** Whether the browser has WebAuthn at all. */
  supported(): boolean;
  /** Whether the browser offers passkeys in autofill (conditional mediation). */
  autofillSupported(): Promise<boolean>;
}

/**
 * What a failed browser call means for the person. `NotAllowedError` is what browsers throw for a
 * dismissed dialog, a timeout, and (on purpose, so pages cannot probe) for most refusals: it reads as
 * "cancelled", never as an error to alarm anyone with. `InvalidStateError` on create: the
 * authenticator already holds one of this account's passkeys (the server's `excludeCredentials`).
 */
export function ceremonyFailure(error: unknown): PasskeyFailure {
  const name = isRecord(error) ? error.name : undefined;
  if (name === "AbortError" || name === "NotAllowedError") {
    return { ok: false, status: 0, error: "PasskeyCancelled" };
  }
  if (name === "InvalidStateError") return { ok: false, status: 0, error: "PasskeyAlreadyRegistered" };
  const failure: PasskeyFailure = { ok: false, status: 0, error: "PasskeyCeremonyFailed" };
  if (isRecord(error) && typeof error.message === "string") failure.message = error.message;
  return failure;
}
