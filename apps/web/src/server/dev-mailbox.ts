import type { PasswordMail, VerificationRequest } from "@gatehouse/core";

/** What a caught mail is for: a magic sign-in link, or one of the `Password` provider's mails. */
export type DevMailKind = "sign-in" | PasswordMail["kind"];

/** One mail the dev mailbox caught. */
export interface DevMailboxMessage {
  kind: DevMailKind;
  /** The subject the mail would have had, without the host: "Sign in", "Reset your password", … */
  subject: string;
  to: string;
  url: string;
  at: Date;
}

/** Development only: where sign-in links and password mails go instead of an SMTP server. */
export interface DevMailbox {
  /** The email provider's `sendVerificationRequest`: keeps the link and logs it. */
  send(request: VerificationRequest): Promise<void>;
  /** The password provider's `sendMail`: keeps the mail's link and logs it. */
  sendPasswordMail(mail: PasswordMail): Promise<void>;
  /** The kept messages, newest first. */
  messages(): DevMailboxMessage[];
}

/** Per kind: the subject, and the link's text before the address. */
const KINDS: Record<DevMailKind, { subject: string; action: string }> = {
  "sign-in": { subject: "Sign in", action: "Sign in as" },
  "verify-email": { subject: "Confirm your email", action: "Confirm the email of" },
  "reset-password": { subject: "Reset your password", action: "Choose a new password for" },
  "account-exists": { subject: "You already have an account", action: "Reset the password of" },
  "password-changed": { subject: "Your password was changed", action: "Reset the password of" },
  "confirm-new-email": { subject: "Confirm your new email", action: "Confirm the new email" },
  "email-change-requested": {
    subject: "A change of your email was requested",
    action: "This wasn't me: stop the change for",
  },
  "new-sign-in": { subject: "New sign-in to your account", action: "Reset the password of" },
  "account-secured": { subject: "Your account is yours now", action: "Sign in as" },
};

/** Enough for a development session; older links fall off so the list never grows without bound. */
const LIMIT = 50;

/**
 * An in-memory mailbox for development: the link is printed in the log and listed at
 * `/dev/mailbox`. Never use it in production — anyone who can read the log or the page can sign in
 * as anyone, or reset anyone's password.
 *
 * @example const mailbox = createDevMailbox({ log: console.log }); Email({ sendVerificationRequest: mailbox.send }); Password({ sendMail: mailbox.sendPasswordMail });
 */
export function createDevMailbox(options: { log: (line: string) => void; now?: () => Date }): DevMailbox {
  const now = options.now ?? (() => new Date());
  const kept: DevMailboxMessage[] = [];
  const keep = (kind: DevMailKind, to: string, url: string) => {
    kept.unshift({ kind, subject: KINDS[kind].subject, to, url, at: now() });
    kept.length = Math.min(kept.length, LIMIT);
  };
  return {
    async send({ identifier, url }) {
      keep("sign-in", identifier, url);
      options.log(`[dev mailbox] sign-in link for ${identifier}: ${url}`);
    },
    async sendPasswordMail({ kind, to, url }) {
      keep(kind, to, url);
      options.log(`[dev mailbox] ${kind} mail for ${to}: ${url}`);
    },
    messages: () => [...kept],
  };
}

/**
 * The `/dev/mailbox` page: plain server-rendered HTML, every value escaped, no script or inline
 * style, so the app's Content-Security-Policy holds here too.
 */
export function renderDevMailbox(messages: readonly DevMailboxMessage[]): string {
  const items = messages.map(
    (message) => `<li>
<h2>${escapeHtml(message.subject)}</h2>
<p>To ${escapeHtml(message.to)}</p>
<p>Sent <time datetime="${escapeHtml(message.at.toISOString())}">${escapeHtml(message.at.toISOString().slice(0, 19).replace("T", " "))} UTC</time></p>
<p>${linkTo(message)}</p>
<p><code>${escapeHtml(message.url)}</code></p>
</li>`,
  );
  const body =
    items.length === 0
      ? "<p>No messages yet. Sign in with Email, or sign up with a password, and the mail appears here.</p>"
      : `<ol reversed>\n${items.join("\n")}\n</ol>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/dev/mailbox.css">
</head>
<body>
<main>
<h1>Dev mailbox</h1>
<p>Development only: the sign-in links and password mails the app sent, newest first (the last ${LIMIT}). Reload for new ones.</p>
${body}
<p><a href="/">Back to the app</a></p>
</main>
</body>
</html>
`;
}

/** The page's few styles, served as `/dev/mailbox.css`: an inline `<style>` would break the CSP. */
export const DEV_MAILBOX_CSS = `:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
main { max-width: 48rem; margin: 2rem auto; padding: 0 1rem; }
li { margin-block: 1.5rem; }
h2 { font-size: 1.1rem; margin: 0; }
p { margin: 0.25rem 0; }
code { display: block; overflow-wrap: anywhere; font-size: 0.85rem; opacity: 0.8; }
`;

// Core builds the link from AUTH_URL, so it is http(s); anything else is shown, never made clickable.
function linkTo(message: DevMailboxMessage): string {
  const text = `${escapeHtml(KINDS[message.kind].action)} ${escapeHtml(message.to)}`;
  return /^https?:\/\//i.test(message.url) ? `<a href="${escapeHtml(message.url)}">${text}</a>` : text;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
