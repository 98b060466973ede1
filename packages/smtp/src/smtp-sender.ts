import type { VerificationRequest } from "@gatehouse/core";
import { type MailBody, mailHtml, mailText } from "./lib/mail-body.ts";
import { mailTransport } from "./lib/transport.ts";

/**
 * Sends sign-in links over SMTP with nodemailer (Node only, so it lives in its own package and core
 * stays free of it). The mail names the site and carries the link; it never contains the
 * address or anything else a requester typed (CVE-2022-31127: HTML injection through the address).
 *
 * @example Email({ sendVerificationRequest: smtpSender({ server: "smtp://user:pass@mail.example.com:587", from: "Example <no-reply@example.com>" }) })
 */
export function smtpSender(options: { server: string | Record<string, unknown>; from: string }) {
  const send = mailTransport(options);
  return async (request: VerificationRequest): Promise<void> => {
    const { host } = new URL(request.url);
    const body: MailBody = {
      heading: "Sign in to",
      host,
      url: request.url,
      action: "Sign in",
      notes: ["If you did not request this email you can safely ignore it."],
      brandColor: request.theme.brandColor,
    };
    await send({
      to: request.identifier,
      subject: `Sign in to ${host}`,
      text: mailText(body),
      html: mailHtml(body),
    });
  };
}
