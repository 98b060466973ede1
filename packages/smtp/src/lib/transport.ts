import { createTransport } from "nodemailer";

/** One outgoing mail, as the senders build it. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A nodemailer SMTP transport for `server` (a connection URL or transport options) that sends from
 * `from` and rejects when the server refuses the recipient, so core reports the mail as not sent.
 */
export function mailTransport(options: { server: string | Record<string, unknown>; from: string }) {
  const transport = createTransport(options.server as Parameters<typeof createTransport>[0]);
  return async (mail: OutgoingMail): Promise<void> => {
    const result = await transport.sendMail({ ...mail, from: options.from });
    const refused = [...(result.rejected ?? []), ...(result.pending ?? [])];
    if (refused.length > 0) throw new Error(`the mail server refused ${refused.length} recipient(s)`);
  };
}
