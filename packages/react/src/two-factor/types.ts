import type { Failure } from "../lib/failure.ts";

/**
 * Why a two-factor function failed: a code of the server's error catalogue (docs/errors.md), or
 * `NetworkError` (no answer arrived) or `Default` (an answer this client does not understand).
 */
export type TwoFactorErrorCode =
  | "TwoFactorCodeInvalid" // the code is wrong, or its 30 seconds were used already; a backup code is unknown
  | "BackupCodeUsed" // sign-in's second step: this backup code was used already
  | "TwoFactorAlreadyOn" // enrol: turn it off first
  | "ReauthenticationRequired" // enrol: sign in again or POST reauthenticate first
  | "TwoFactorNotOn" // confirm without an enrolment; disable or new backup codes while it is off
  | "TwoFactorExpired" // sign-in's second step: too late (or done already): sign in again
  | "CurrentPasswordIncorrect" // disable with `password`: it is not the account's
  | "AccountDisabled" // sign-in's second step: an administrator disabled the account
  | "SessionRequired" // nobody is signed in
  | "UnknownAction" // the server's storage keeps no two-factor enrolments (or has no status endpoint)
  | "MissingCSRF"
  | "RateLimited"
  | "StorageUnavailable"
  | "NetworkError"
  | "Default";

/** A two-factor function's expected failure; these functions never throw for one. */
export type TwoFactorFailure = Failure<TwoFactorErrorCode>;

/** The result of `enrollTwoFactor`: what the authenticator app needs. Nothing is on until `confirmTwoFactor`. */
export type TwoFactorEnrolment =
  | {
      ok: true;
      status: number;
      /** The key in base32, for people who type it in instead of scanning. */
      secret: string;
      /** The `otpauth://totp/…` URI the QR code holds. */
      uri: string;
      /**
       * The QR code as SVG markup made by the server (only `svg`, `rect` and `path` elements, checked
       * there); inline it only from your own server, and give it a name (`role="img"`, `aria-label`).
       */
      qrSvg: string;
    }
  | TwoFactorFailure;

/** The result of `confirmTwoFactor` and `regenerateBackupCodes`: ten backup codes, shown this once. */
export type BackupCodesResult = { ok: true; status: number; backupCodes: string[] } | TwoFactorFailure;

/** The result of `disableTwoFactor`. */
export type TwoFactorUpdateResult = { ok: true; status: number } | TwoFactorFailure;

/** The result of `getTwoFactorStatus`. */
export type TwoFactorStatusResult =
  | {
      ok: true;
      status: number;
      /** Two-factor is on: sign-ins with a password or a provider ask for a code. */
      enabled: boolean;
      /** Backup codes not yet used; null when the server does not say. */
      backupCodesLeft: number | null;
    }
  | TwoFactorFailure;

/** The result of `submitTwoFactor`: where the server sends the person, now signed in. */
export type TwoFactorSignInResult = { ok: true; status: number; url: string } | TwoFactorFailure;

/**
 * What `disableTwoFactor` proves itself with: a current code of the app or a backup code, or the
 * account's password (for someone who lost both).
 */
export type TwoFactorProof = { code: string } | { password: string };

/** What `submitTwoFactor` posts: the authenticator app's code, or one of the backup codes. */
export type SecondFactor = { code: string } | { backupCode: string };

/** Options of `submitTwoFactor`. */
export interface SubmitTwoFactorOptions {
  /**
   * `false`: return the result and do not navigate. Default: go to `url` once signed in. The
   * destination is the first step's `callbackUrl`, kept sealed in the pending sign-in: it cannot be
   * changed at the second step.
   */
  redirect?: boolean;
}

/** The two-factor functions; they need no `this`, so they can be destructured. */
export interface TwoFactorClient {
  /** Whether the signed-in user has two-factor on. Needs a server with `GET two-factor-status`. */
  getTwoFactorStatus(): Promise<TwoFactorStatusResult>;
  /** Starts enrolment: a new secret for the authenticator app (replaces an unconfirmed one). */
  enrollTwoFactor(): Promise<TwoFactorEnrolment>;
  /** Turns two-factor on with the app's first code; returns the ten backup codes. */
  confirmTwoFactor(code: string): Promise<BackupCodesResult>;
  /** Turns two-factor off and deletes the backup codes. */
  disableTwoFactor(proof: TwoFactorProof): Promise<TwoFactorUpdateResult>;
  /** Ten new backup codes replace the old ones; `code` is a current code of the app or a backup code. */
  regenerateBackupCodes(input: { code: string }): Promise<BackupCodesResult>;
  /** Sign-in's second step, after a first step answered `TwoFactorRequired`. */
  submitTwoFactor(factor: SecondFactor, options?: SubmitTwoFactorOptions): Promise<TwoFactorSignInResult>;
}
