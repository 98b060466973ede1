import type { VerificationRequest } from "@gatehouse/core";
import { createTransport } from "nodemailer";

/**
 * Sends sign-in links over SMTP with nodemailer (Node only, so it lives in its own package and core
 * stays free of it). The mail names the site and carries the link; it never contains the
 * address or anything else a requester typed (CVE-2022-31127: HTML injection through the address).
 *
 * @example Email({ sendVerificationRequest: smtpSender({ server: "smtp://user:pass@mail.example.com:587", from: "Example <no-reply@example.com>" }) })
 */
export function smtpSender(options: { server: string | Record<string, unknown>; from: string }) {
  const transport = createTransport(options.server as Parameters<typeof createTransport>[0]);
  return async (request: VerificationRequest): Promise<void> => {
    const { host } = new URL(request.url);
    const result = await transport.sendMail({
      to: request.identifier,
      from: options.from,
      subject: `Sign in to ${host}`,
      text: `Sign in to ${host}\n${request.url}\n\nIf you did not request this email you can safely ignore it.\n`,
      html: verificationHtml({ url: request.url, host, brandColor: request.theme.brandColor }),
    });
    const refused = [...(result.rejected ?? []), ...(result.pending ?? [])];
    if (refused.length > 0) throw new Error(`the mail server refused ${refused.length} recipient(s)`);
  };
}

const COLOR = /^#[0-9a-f]{3,8}$/i;

function verificationHtml(input: { url: string; host: string; brandColor: string | undefined }): string {
  const color = input.brandColor && COLOR.test(input.brandColor) ? input.brandColor : "#346df1";
  // A zero-width space after each dot stops mail clients from turning the host into a link.
  const host = escapeHtml(input.host).replace(/\./g, "&#8203;.");
  const url = escapeHtml(input.url);
  return `<body style="background:#f9f9f9;font-family:Helvetica,Arial,sans-serif">
<table width="100%" cellspacing="0" cellpadding="0" style="max-width:600px;margin:auto;background:#fff;border-radius:10px;padding:20px">
<tr><td align="center" style="font-size:22px;color:#444;padding:10px 0">Sign in to <strong>${host}</strong></td></tr>
<tr><td align="center" style="padding:20px 0"><a href="${url}" target="_blank" style="font-size:18px;color:#fff;background:${color};text-decoration:none;border-radius:5px;padding:10px 20px;border:1px solid ${color};display:inline-block;font-weight:bold">Sign in</a></td></tr>
<tr><td align="center" style="font-size:16px;color:#444;padding:0 0 10px">If you did not request this email you can safely ignore it.</td></tr>
</table></body>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
