import type { Theme } from "../config/options.ts";
import type { EmailProviderConfig } from "./types.ts";

/** What `sendVerificationRequest` receives. The address is already normalized. */
export interface VerificationRequest {
  identifier: string;
  url: string;
  expires: Date;
  provider: EmailProviderConfig;
  theme: Theme;
}

/**
 * Sign-in with a link sent by email ("magic link"). Needs an adapter. The link opens a confirmation
 * page; only its POST signs in, so mail scanners that prefetch links do not burn them.
 *
 * @example Email({ sendVerificationRequest: smtpSender({ server: process.env.SMTP_URL!, from: "no-reply@example.com" }) })
 */
export function Email(
  options: Omit<EmailProviderConfig, "type" | "id" | "name"> & { id?: string; name?: string },
): EmailProviderConfig {
  return { id: "email", name: "Email", ...options, type: "email" };
}
