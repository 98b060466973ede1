import type { Theme } from "../config/options.ts";
import type { ErrorCode } from "../errors/catalogue.ts";
import type { Translator } from "../i18n/translator.ts";
import type { CredentialInput, ProviderStyle } from "../providers/types.ts";
import type { MarkupElement } from "./lib/h.ts";

/** What one built-in page shows. Every string in it is treated as untrusted and escaped. */
export type PageModel =
  | {
      page: "signin";
      providers: PageProvider[];
      csrfToken: string;
      callbackUrl: string;
      error: ErrorCode | null;
      email?: string;
      /**
       * A confirmation shown above the forms: after a password reset, after an email was verified,
       * or after a reset link claimed an account someone else had created with the address.
       */
      notice?: SignInNotice;
      /**
       * Passkey sign-in is on: a "Sign in with a passkey" button and passkeys offered in the email
       * field's autofill (both need the page's script and browser support), and with `signUp` a link
       * to passkey-only sign-up.
       */
      passkeys?: { signUp: boolean } | null;
    }
  | { page: "signout"; csrfToken: string; callbackUrl: string; error: ErrorCode | null }
  /**
   * "Check your email": after a sign-in link (`signin`, the default), a sign-up, or a reset request
   * (whose link works for `resetMaxAge` seconds, default an hour).
   */
  | {
      page: "verify-request";
      kind?: "signin" | "signup" | "reset-password";
      resetMaxAge?: number;
      /** The address the mail went to, shown so a typo is seen. */
      email?: string;
      /** "Send again": the form that asks for the same mail once more (null: the page offers none). */
      resend?: { action: string; csrfToken: string; callbackUrl: string } | null;
      /** The page follows a "send again": it says so. */
      resent?: boolean;
    }
  /** GET signup: email, password (new-password), optional name; posts to `BASE/signup`. */
  | {
      page: "signup";
      csrfToken: string;
      callbackUrl: string;
      error: ErrorCode | null;
      /** The Password provider's display name. */
      providerName: string;
      /** Passkey-only sign-up is on: a link to it. */
      passkeySignUp?: boolean;
      /** What a refused sign-up had in its address and name fields, shown again (never the password). */
      email?: string;
      name?: string;
    }
  /**
   * GET passkey-signup: email and optional name, then a passkey — the page's script calls
   * `passkey-signup-options`, `navigator.credentials.create()` and `passkey-signup`. Without browser
   * support the form stays hidden and the page says why.
   */
  | { page: "passkey-signup"; csrfToken: string; callbackUrl: string; error: ErrorCode | null }
  /** GET forgot-password: email; posts to `BASE/forgot-password`. */
  | {
      page: "forgot-password";
      csrfToken: string;
      callbackUrl: string;
      error: ErrorCode | null;
      /** The address a refused form had, shown again. */
      email?: string;
    }
  /** GET reset-password?token&email&user: the new password; posts token, email, user and password to `BASE/reset-password`. */
  | {
      page: "reset-password";
      csrfToken: string;
      email: string;
      token: string;
      /** The account the link belongs to. */
      user: string;
      callbackUrl: string;
      error: ErrorCode | null;
    }
  /**
   * GET verify-email?token&email&user: the person confirms (scanner-safe); only that POST uses the
   * token. The page says which account the button confirms (created with the address, when) and,
   * with `resetUrl`, offers the owner of an address someone else signed up with a reset instead.
   */
  | {
      page: "confirm-verify-email";
      csrfToken: string;
      email: string;
      token: string;
      user: string;
      /** When the account was created, or null when the storage does not say. */
      createdAt: Date | null;
      /** The forgot-password page, when passwords are on; null otherwise. */
      resetUrl: string | null;
      callbackUrl: string;
    }
  /** After POST verify-email: the address is verified; a link on to sign in. */
  | { page: "email-verified"; signInUrl: string }
  /** GET change-email?token&email&user: the new address is confirmed by the POST only. */
  | {
      page: "confirm-change-email";
      csrfToken: string;
      email: string;
      token: string;
      user: string;
      callbackUrl: string;
    }
  /** After POST change-email: the account has its new address. */
  | { page: "email-changed"; email: string; continueUrl: string }
  /** GET cancel-email-change?token&email&user: "this wasn't me"; only the POST acts. */
  | {
      page: "confirm-cancel-email-change";
      csrfToken: string;
      /** The old address, which the mail went to. */
      email: string;
      token: string;
      user: string;
      callbackUrl: string;
    }
  /**
   * After POST cancel-email-change: stopped, everyone signed out. `restored`: the account has the
   * old address `email` (again); false when it went through and the address has another account now.
   * `resetAction`: the forgot-password endpoint the page's form posts `email` to (null without a
   * Password provider: a link to sign in instead).
   */
  | {
      page: "email-change-cancelled";
      email: string;
      restored: boolean;
      csrfToken: string;
      callbackUrl: string;
      resetAction: string | null;
      signInUrl: string;
    }
  /** After an email link or a provider claimed an account someone else had created with the address. */
  | { page: "account-secured"; continueUrl: string }
  /** GET callback/<email id>: the person confirms; only that POST uses the link's token. */
  | {
      page: "confirm-email";
      action: string;
      email: string;
      token: string;
      callbackUrl: string;
      csrfToken: string;
    }
  /**
   * GET two-factor: the second step of a sign-in — a 6-digit code from the authenticator app
   * (`method: "totp"`) or a backup code (`"backup"`); posts to `BASE/two-factor`.
   */
  | { page: "two-factor"; csrfToken: string; method: "totp" | "backup"; error: ErrorCode | null }
  /**
   * GET two-factor-setup: the pending enrolment's QR code (`qrSvg`, from `qrSvg()`) and its key as
   * text, and a form for the first code; posts to `BASE/two-factor-setup` (a second form asks for a
   * new key).
   */
  | {
      page: "two-factor-setup";
      csrfToken: string;
      callbackUrl: string;
      secret: string;
      qrSvg: string;
      error: ErrorCode | null;
    }
  /** After a right first code on two-factor-setup: two-factor is on; the backup codes, shown this once. */
  | { page: "two-factor-backup-codes"; backupCodes: readonly string[]; continueUrl: string }
  /**
   * Any code; codes whose surface is not "error" render as "Default", except `RateLimited`, which
   * renders as itself with its 429 status and says when to try again.
   */
  | {
      page: "error";
      code: ErrorCode;
      retryAfterSeconds?: number;
      /** `RateLimited`: what is paused — this account or address, or the client's network. */
      scope?: "account" | "network";
    };

/** The confirmations the sign-in page shows from the step before. */
export type SignInNotice = "password-reset" | "email-verified" | "account-secured";

/** A provider as the sign-in page needs it (no secrets, no callbacks). */
export type PageProvider =
  | { id: string; name: string; type: "oauth" | "oidc"; style?: ProviderStyle }
  | { id: string; name: string; type: "email"; style?: ProviderStyle }
  | {
      id: string;
      name: string;
      type: "credentials";
      credentials: Record<string, CredentialInput>;
      style?: ProviderStyle;
    }
  /** Email and password form posting to `BASE/callback/<id>`, with links to sign-up and forgot-password. */
  | { id: string; name: string; type: "password"; style?: ProviderStyle };

export interface PageContext {
  /** Absolute: origin + base path, e.g. `http://localhost:3000/api/auth`. */
  baseUrl: string;
  /** scheme://host[:port], e.g. `http://localhost:3000`. */
  origin: string;
  theme: Theme;
  /** The request's language: every text of the page, its `<html lang>`, its numbers and dates. */
  i18n: Translator;
}

export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Internal: what each page module hands to the document shell. */
export interface PageView {
  title: string;
  status: number;
  content: MarkupElement;
  /** Extra CSS rules built only from validated values (see theme.ts). */
  css?: string;
  /** Extra response headers (`Retry-After`); they cannot replace the security headers. */
  headers?: Record<string, string>;
  /** The page's one inline script: the CSP then allows it by nonce, and fetches to the same origin. */
  script?: string;
}
