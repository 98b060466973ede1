import type { Failure } from "../lib/failure.ts";

/**
 * Why a passkey function failed. The server's codes come from its error catalogue (docs/errors.md);
 * the browser's side of a ceremony has four of its own; `NetworkError` means no answer arrived and
 * `Default` an answer this client does not understand (`status` says more).
 */
export type PasskeyErrorCode =
  // the server refused
  | "PasskeyInvalid" // sign-in: the passkey did not verify (or its challenge expired): try again
  | "PasskeyRegistrationFailed" // add or sign up: the new passkey did not verify: try again
  | "PasskeyNotFound" // rename, delete: not one of the signed-in user's passkeys
  | "ReauthenticationRequired" // register, delete: sign in again or POST reauthenticate first
  | "AccountDisabled" // sign-in: an administrator disabled the account
  | "EmailNotVerified" // sign-in: the address is not confirmed yet (a new link was mailed)
  | "AccessDenied" // sign-in: the server's `signIn` callback refused
  | "EmailInvalid" // sign-up: not an address
  | "SessionRequired" // list, add, rename, delete: nobody is signed in
  | "InvalidBody" // add, rename: the name is unusable (empty, too long, control characters)
  | "UnknownAction" // the server has passkeys (or passkey sign-up) off
  | "MissingCSRF"
  | "RateLimited"
  | "StorageUnavailable"
  // the browser's side of the ceremony
  | "PasskeyCancelled" // the person closed the browser's dialog, it timed out, or `signal` aborted it
  | "PasskeyUnsupported" // this browser has no WebAuthn (or, with `autofill`, no passkey autofill)
  | "PasskeyAlreadyRegistered" // add: this authenticator already holds a passkey of this account
  | "PasskeyCeremonyFailed" // the browser refused for another reason; `message` says which
  | "NetworkError"
  | "Default";

/** A passkey function's expected failure; these functions never throw for one. */
export type PasskeyFailure = Failure<PasskeyErrorCode>;

/** One of the signed-in user's passkeys, as `GET BASE/passkeys` lists it (never its public key). */
export interface PasskeyInfo {
  id: string;
  /** The name the person gave it (or "Passkey"). */
  name: string;
  /** ISO-8601. */
  createdAt: string;
  /** ISO-8601; null when it has never signed in. */
  lastUsedAt: string | null;
  /** Synced by a passkey provider (iCloud Keychain, Google Password Manager, …) to the person's other devices. */
  backedUp: boolean;
  deviceType: "singleDevice" | "multiDevice";
  /** How the browser can reach the authenticator (`internal`, `hybrid`, `usb`, …). */
  transports: string[];
}

/** The result of `signInWithPasskey` and `signUpWithPasskey`: where the server sends the person next. */
export type PasskeyResult = { ok: true; status: number; url: string } | PasskeyFailure;

/** The result of `registerPasskey`: the passkey just added. */
export type PasskeyRegisterResult = { ok: true; status: number; passkey: PasskeyInfo } | PasskeyFailure;

/** The result of `listPasskeys`: the signed-in user's passkeys, oldest first. */
export type PasskeyListResult = { ok: true; status: number; passkeys: PasskeyInfo[] } | PasskeyFailure;

/** The result of `renamePasskey` and `deletePasskey`. */
export type PasskeyUpdateResult = { ok: true; status: number } | PasskeyFailure;

/** Options of `signInWithPasskey`. */
export interface PasskeySignInOptions {
  /** Where to land after sign-in; default: the current page in a browser. */
  callbackUrl?: string;
  /**
   * Offer the person's passkeys in the autofill of an `<input autocomplete="username webauthn">`
   * (conditional mediation) instead of a dialog. Start it when the form shows; it waits until the
   * person picks a passkey, `signal` aborts it, or another passkey ceremony starts.
   */
  autofill?: boolean;
  /** Aborts the browser's ceremony (e.g. when the form unmounts): the result is then `PasskeyCancelled`. */
  signal?: AbortSignal;
  /** `false`: return the result and do not navigate. Default: go to `url` after a sign-in. */
  redirect?: boolean;
}

/** Input of `signUpWithPasskey`: a new account with a passkey and no password. */
export interface PasskeySignUpInput {
  email: string;
  /** The person's name, shown by their passkey manager and kept on the account. */
  name?: string;
  /** Where the verification link (or, without verification, the sign-in) lands. */
  callbackUrl?: string;
}

/** Input of `registerPasskey`. */
export interface RegisterPasskeyInput {
  /** A name for the person to tell their passkeys apart, e.g. "Work laptop"; default "Passkey". */
  name?: string;
}

/** The passkey functions; they need no `this`, so they can be destructured. */
export interface PasskeyClient {
  /** Signs in with a passkey (a dialog, or the autofill of a username field); navigates unless `redirect: false`. */
  signInWithPasskey(options?: PasskeySignInOptions): Promise<PasskeyResult>;
  /** Creates an account with an email address and a passkey; `url` is "check your email" (or the sign-in's landing page). */
  signUpWithPasskey(input: PasskeySignUpInput): Promise<PasskeyResult>;
  /** Adds a passkey to the signed-in user's account. */
  registerPasskey(input?: RegisterPasskeyInput): Promise<PasskeyRegisterResult>;
  /** Lists the signed-in user's passkeys. */
  listPasskeys(): Promise<PasskeyListResult>;
  /** Renames one of the signed-in user's passkeys. */
  renamePasskey(id: string, name: string): Promise<PasskeyUpdateResult>;
  /** Removes one of the signed-in user's passkeys: it can no longer sign in. */
  deletePasskey(id: string): Promise<PasskeyUpdateResult>;
}
