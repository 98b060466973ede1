import type { PasswordMail } from "@gatehouse/core";
import { type MailBody, mailHtml, mailText } from "./lib/mail-body.ts";
import { mailTransport } from "./lib/transport.ts";

/**
 * Sends the `Password` provider's mails over SMTP with nodemailer: confirm an address, reset a
 * password, "you already have an account" (sent instead of a second sign-up, so sign-up never tells a
 * stranger whether an address is registered) and "your password was changed". Like `smtpSender`, a
 * mail names the site and carries the link, and nothing else: no address, name or other thing a
 * requester typed (CVE-2022-31127).
 *
 * @example Password({ sendMail: passwordMailer({ server: process.env.SMTP_URL!, from: "Example <no-reply@example.com>" }) })
 */
export function passwordMailer(options: { server: string | Record<string, unknown>; from: string }) {
  const send = mailTransport(options);
  return async (mail: PasswordMail): Promise<void> => {
    const { subject, body } = passwordMailBody(mail, Date.now());
    await send({ to: mail.to, subject, text: mailText(body), html: mailHtml(body) });
  };
}

/** The subject and body of each kind; `now` only words the expiry. */
function passwordMailBody(mail: PasswordMail, now: number): { subject: string; body: MailBody } {
  const { host } = new URL(mail.url);
  const base = { host, url: mail.url, brandColor: mail.theme.brandColor };
  const expiry =
    mail.expires === null ? [] : [`The link expires in ${duration(mail.expires.getTime() - now)}.`];
  switch (mail.kind) {
    case "verify-email":
      return {
        subject: `Confirm your email for ${host}`,
        body: {
          ...base,
          heading: "Confirm your email for",
          intro: ["Open this link to confirm that this address is yours:"],
          action: "Confirm email",
          notes: [...expiry, "If you did not create an account, you can safely ignore this email."],
        },
      };
    case "reset-password":
      return {
        subject: `Reset your password for ${host}`,
        body: {
          ...base,
          heading: "Reset your password for",
          intro: ["Someone asked to reset the password of your account. Open this link to choose a new one:"],
          action: "Choose a new password",
          notes: [
            ...expiry,
            "The link works once.",
            "If you did not ask for this, you can safely ignore this email: your password stays as it is.",
          ],
        },
      };
    case "account-exists":
      return {
        subject: `You already have an account on ${host}`,
        body: {
          ...base,
          heading: "You already have an account on",
          intro: [
            "Someone tried to create an account with this email address, but it already has one.",
            "If it was you, sign in with your password. If you have forgotten it, reset it here:",
          ],
          action: "Reset your password",
          notes: [...expiry, "If it was not you, you can safely ignore this email: nothing has changed."],
        },
      };
    case "password-changed":
      return {
        subject: `Your password for ${host} was changed`,
        body: {
          ...base,
          heading: "Your password was changed on",
          intro: [
            "The password of your account was just changed.",
            "If you did not change it, reset it now to keep your account yours:",
          ],
          action: "Reset your password",
          notes: [...expiry, "If it was you, there is nothing more to do."],
        },
      };
    case "confirm-new-email":
      return {
        subject: `Confirm your new email for ${host}`,
        body: {
          ...base,
          heading: "Confirm your new email for",
          intro: [
            "Someone asked to make this the email address of an account. Open this link to confirm it is yours:",
          ],
          action: "Confirm new email",
          notes: [
            ...expiry,
            "The change takes effect only when you confirm it. If you did not ask for this, ignore this email.",
          ],
        },
      };
    case "email-change-requested":
      return {
        subject: `A change of your email on ${host} was requested`,
        body: {
          ...base,
          heading: "A change of your email was requested on",
          intro: [
            "Someone signed in to your account asked to move it to another email address. It changes only when the new address is confirmed.",
            "If it was not you, reset your password now to keep your account yours:",
          ],
          action: "Reset your password",
          notes: [...expiry, "If it was you, there is nothing more to do."],
        },
      };
    case "new-sign-in":
      return {
        subject: `New sign-in to your account on ${host}`,
        body: {
          ...base,
          heading: "New sign-in to your account on",
          intro: [
            "Your account was just signed in to from a browser it has not been used on before:",
            ...signInFacts(mail.detail),
            "If this was not you, reset your password now:",
          ],
          action: "Reset your password",
          notes: ["If it was you, there is nothing more to do."],
        },
      };
  }
}

/** When, how, from where and with what a sign-in happened, one line each (no line for what is unknown). */
function signInFacts(detail: PasswordMail["detail"]): string[] {
  if (!detail) return [];
  return [
    `When: ${detail.at.toUTCString()}`,
    `How: ${detail.method}`,
    ...(detail.ip ? [`From: ${detail.ip}`] : []),
    ...(detail.userAgent ? [`Browser: ${detail.userAgent}`] : []),
  ];
}

/** "45 minutes", "1 hour", "24 hours", "3 days": rounded, as a person would say it. */
function duration(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 48) return plural(hours, "hour");
  return plural(Math.round(hours / 24), "day");
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}
