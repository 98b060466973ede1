import { createTransport } from "nodemailer";
import { SMTP_TIMEOUTS, type SmtpOptions } from "../smtp-options.ts";

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
 * One connection per mail (no pool): a server that hangs holds only that send, never another's.
 */
export function mailTransport(options: SmtpOptions) {
  // A URL's own parameters win over the defaults (nodemailer merges `url` over the other keys).
  const server =
    typeof options.server === "string"
      ? { ...SMTP_TIMEOUTS, url: options.server }
      : { ...SMTP_TIMEOUTS, ...options.server };
  const transport = createTransport(server as Parameters<typeof createTransport>[0]);
  return async (mail: OutgoingMail): Promise<void> => {
    const result = await transport.sendMail({ ...mail, from: options.from });
    const refused = [...(result.rejected ?? []), ...(result.pending ?? [])];
    if (refused.length > 0) throw new Error(`the mail server refused ${refused.length} recipient(s)`);
  };
}
