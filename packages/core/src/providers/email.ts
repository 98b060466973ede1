import type { MailContent } from "../accounts/account-mail-body.ts";
import type { Theme } from "../config/options.ts";
import type { EmailProviderConfig } from "./types.ts";

/**
 * What `sendVerificationRequest` receives. The address is already normalized. `subject`, `text` and
 * `html` are the sign-in mail composed in the language of the request that asked for it (`locale`):
 * a sender can send them as they are.
 */
export interface VerificationRequest extends MailContent {
  identifier: string;
  url: string;
  expires: Date;
  provider: EmailProviderConfig;
  theme: Theme;
}

/** The Email provider's name unless the app gives one: the sign-in page shows it translated. */
export const EMAIL_PROVIDER_NAME = "Email";

/**
 * Sign-in with a link sent by email ("magic link"). Needs an adapter. The link opens a confirmation
 * page; only its POST signs in, so mail scanners that prefetch links do not burn them.
 *
 * @example Email({ sendVerificationRequest: smtpSender({ server: process.env.SMTP_URL!, from: "no-reply@example.com" }) })
 */
export function Email(
  options: Omit<EmailProviderConfig, "type" | "id" | "name"> & { id?: string; name?: string },
): EmailProviderConfig {
  return { id: "email", name: EMAIL_PROVIDER_NAME, ...options, type: "email" };
}
