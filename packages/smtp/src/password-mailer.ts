import type { PasswordMail } from "@gatehouse/core";
import { mailTransport } from "./lib/transport.ts";
import type { SmtpOptions } from "./smtp-options.ts";

/**
 * Sends the `Password` provider's mails over SMTP with nodemailer: confirm an address, reset a
 * password, "you already have an account" (sent instead of a second sign-up, so sign-up never tells a
 * stranger whether an address is registered), "your password was changed", the email-change and
 * new-sign-in notices. Core writes each mail in the language of the request that caused it
 * (`subject`, `text`, `html`; docs/languages.md); this sends it as it is. A mail names the site and
 * carries the link, and nothing a requester typed (CVE-2022-31127).
 *
 * @example Password({ sendMail: passwordMailer({ server: process.env.SMTP_URL!, from: "Example <no-reply@example.com>" }) })
 */
export function passwordMailer(options: SmtpOptions) {
  const send = mailTransport(options);
  return async (mail: PasswordMail): Promise<void> => {
    await send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  };
}
