import type { VerificationRequest } from "@gatehouse/core";
import { mailTransport } from "./lib/transport.ts";
import type { SmtpOptions } from "./smtp-options.ts";

/**
 * Sends sign-in links over SMTP with nodemailer (Node only, so it lives in its own package and core
 * stays free of it). Core writes the mail in the language of the request (`subject`, `text`,
 * `html`): it names the site and carries the link, never the address or anything else a requester
 * typed (CVE-2022-31127: HTML injection through the address). This sends it as it is.
 *
 * @example Email({ sendVerificationRequest: smtpSender({ server: "smtp://user:pass@mail.example.com:587", from: "Example <no-reply@example.com>" }) })
 */
export function smtpSender(options: SmtpOptions) {
  const send = mailTransport(options);
  return async (request: VerificationRequest): Promise<void> => {
    await send({ to: request.identifier, subject: request.subject, text: request.text, html: request.html });
  };
}
