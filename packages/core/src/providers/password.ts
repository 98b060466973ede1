import type { MailContent } from "../accounts/account-mail-body.ts";
import type { Theme } from "../config/options.ts";
import { createPasswordHasher } from "../passwords/verify-password.ts";
import type { PasswordProviderConfig } from "./types.ts";

/**
 * A mail the `Password` provider sends. `url` is what the mail links to:
 * - `verify-email`: confirms the address (expires at `expires`);
 * - `reset-password`: the reset form, valid once, for one hour by default;
 * - `account-exists`: someone tried to sign up with an address that has an account; links to the
 *   forgot-password page (so sign-up never tells a stranger whether an address is registered);
 * - `password-changed`: the password was changed or reset; links to forgot-password in case it was
 *   not the owner.
 * - `confirm-new-email`: to the new address of an email change; the link confirms it (the change
 *   takes effect only then).
 * - `email-change-requested`: to the old address, saying a change to another was asked for; links
 *   to "this wasn't me" (`BASE/cancel-email-change`), which stops the change and secures the account.
 * - `account-secured`: the owner proved the address of an account someone else had created with it
 *   unverified, and what they had set up on it was removed; links to the sign-in page.
 * - `new-sign-in`: a sign-in from a browser not seen before for this account (`detail` says when,
 *   from where, with what); links to forgot-password in case it was not the owner.
 *
 * `subject`, `text` and `html` are the mail composed in the language of the request that caused it
 * (`locale`), with the app's message overrides: a sender can send them as they are.
 */
export interface PasswordMail extends MailContent {
  kind:
    | "verify-email"
    | "reset-password"
    | "account-exists"
    | "password-changed"
    | "confirm-new-email"
    | "email-change-requested"
    | "new-sign-in"
    | "account-secured";
  /** The recipient, normalised. */
  to: string;
  url: string;
  /** When the link stops working; null for mails whose link does not expire. */
  expires: Date | null;
  theme: Theme;
  /** `new-sign-in`: when, from which address, with which browser, and how. */
  detail?: { at: Date; ip: string | null; userAgent: string | null; method: string };
}

/** The Password provider's name unless the app gives one: the sign-in page shows it translated. */
export const PASSWORD_PROVIDER_NAME = "Email and password";

/**
 * Email-and-password accounts kept by Gatehouse: sign-up, sign-in, email verification, forgot /
 * reset, change and set password. Passwords are hashed with argon2id (`node:crypto`, Node ≥ 24.7;
 * pass `hasher` elsewhere) and checked against NIST SP 800-63B's policy. Needs an adapter.
 *
 * @example Password({ sendMail: passwordMailer({ server: process.env.SMTP_URL!, from: "no-reply@example.com" }) })
 */
export function Password(
  options: Omit<PasswordProviderConfig, "type" | "id" | "name"> & { id?: string; name?: string },
): PasswordProviderConfig {
  return {
    id: "password",
    name: PASSWORD_PROVIDER_NAME,
    ...options,
    hasher: options.hasher ?? createPasswordHasher(),
    type: "password",
  };
}
