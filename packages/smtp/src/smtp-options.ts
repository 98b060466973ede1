/** What every sender takes: the SMTP server and the sender address. */
export interface SmtpOptions {
  /**
   * A connection URL (`smtps://user:pass@smtp.example.com:465`) or nodemailer SMTP transport options.
   * Time-outs are nodemailer's `connectionTimeout`, `greetingTimeout` and `socketTimeout` (ms), as
   * options or URL parameters (`…:587?socketTimeout=10000`); each defaults to `SMTP_TIMEOUTS`.
   */
  server: string | Record<string, unknown>;
  from: string;
}

/**
 * The time-outs a send gets unless `server` sets its own, ms. nodemailer's own (2 min to connect,
 * 30 s for the greeting, 10 min of silence) would hold a person's sign-in for that long when the mail
 * server hangs; a submission server answers each step in well under a second.
 * - `connectionTimeout`: DNS, TCP, TLS and the greeting together;
 * - `greetingTimeout`: the server's first line once connected;
 * - `socketTimeout`: silence at any later step (e.g. no answer to the message's final `.`).
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 5000,
  greetingTimeout: 5000,
  socketTimeout: 5000,
} as const;
