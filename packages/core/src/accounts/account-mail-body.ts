import type { Translator } from "../i18n/translator.ts";

/**
 * A mail as Gatehouse composes it, in the language of the request that caused it: what a sender
 * sends as it is (`subject`, a `text` part and an `html` part), or ignores to compose its own from
 * the mail's `kind` and `locale`.
 */
export interface MailContent {
  /** The BCP 47 tag the mail is written in, e.g. `de`. */
  locale: string;
  subject: string;
  /** The plain-text part: heading, paragraphs, the link on a line of its own, notes. */
  text: string;
  /** The HTML part: one card with the heading, a button to the link and the notes; every value escaped. */
  html: string;
}

/** Where the site's host goes in a heading (in bold in the HTML part). */
export const HOST_SLOT: unique symbol = Symbol("host");

/** What one mail says; the same body gives the text part and the HTML part. */
export interface MailBody {
  subject: string;
  /** The heading, with `HOST_SLOT` where the host goes: the language decides the word order. */
  heading: readonly (string | typeof HOST_SLOT)[];
  /** The site's host, from the link core built (never from what a requester typed). */
  host: string;
  url: string;
  /** The button's label in the HTML part. */
  action: string;
  /** Paragraphs before the link. */
  intro: readonly string[];
  /** Paragraphs after the link. */
  notes: readonly string[];
  /** `theme.brandColor`; anything but a hex colour falls back to the default. */
  brandColor: string | undefined;
}

const COLOR = /^#[0-9a-f]{3,8}$/i;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The text part: the heading, the intro, the link on a line of its own, the notes. */
export function mailText(body: MailBody): string {
  const heading = body.heading.map((part) => (part === HOST_SLOT ? body.host : part)).join("");
  const head = [heading, ...body.intro].join("\n\n");
  return `${head}\n${body.url}\n\n${body.notes.join("\n\n")}\n`;
}

/**
 * The HTML part: one centred card with the heading, a button to the link and the notes, in a
 * document that names its language. Every value is escaped — the URL included: core builds it, but
 * a mail must not trust it to be inert.
 */
export function mailHtml(body: MailBody, i18n: Pick<Translator, "locale" | "direction">): string {
  const color = body.brandColor && COLOR.test(body.brandColor) ? body.brandColor : "#346df1";
  // A zero-width space after each dot stops mail clients from turning the host into a link.
  const host = escapeHtml(body.host).replace(/\./g, "&#8203;.");
  const heading = body.heading
    .map((part) => (part === HOST_SLOT ? `<strong>${host}</strong>` : escapeHtml(part)))
    .join("");
  const url = escapeHtml(body.url);
  const paragraph = (text: string, padding: string) =>
    `<tr><td align="center" style="font-size:16px;color:#444;padding:${padding}">${escapeHtml(text)}</td></tr>\n`;
  const intro = body.intro.map((text) => paragraph(text, "10px 0 0")).join("");
  const notes = body.notes.map((text) => paragraph(text, "0 0 10px")).join("");
  const dir = i18n.direction === "rtl" ? ' dir="rtl"' : "";
  return `<!DOCTYPE html><html lang="${escapeHtml(i18n.locale)}"${dir}><body style="background:#f9f9f9;font-family:Helvetica,Arial,sans-serif">
<table width="100%" cellspacing="0" cellpadding="0" style="max-width:600px;margin:auto;background:#fff;border-radius:10px;padding:20px">
<tr><td align="center" style="font-size:22px;color:#444;padding:10px 0">${heading}</td></tr>
${intro}<tr><td align="center" style="padding:20px 0"><a href="${url}" target="_blank" style="font-size:18px;color:#fff;background:${color};text-decoration:none;border-radius:5px;padding:10px 20px;border:1px solid ${color};display:inline-block;font-weight:bold">${escapeHtml(body.action)}</a></td></tr>
${notes}</table></body></html>`;
}

/** The mail's subject and both parts, in the translator's language. */
export function renderMail(body: MailBody, i18n: Translator): MailContent {
  return { locale: i18n.locale, subject: body.subject, text: mailText(body), html: mailHtml(body, i18n) };
}

/** "The link expires in 45 minutes / 1 hour / 24 hours / 3 days": rounded, as a person would say it. */
export function expiryNote(i18n: Translator, expires: Date | null, now: number): string[] {
  if (expires === null) return [];
  const minutes = Math.max(1, Math.round((expires.getTime() - now) / 60_000));
  const hours = Math.round(minutes / 60);
  const duration =
    minutes < 60
      ? i18n.duration(minutes, "minute")
      : hours < 48
        ? i18n.duration(hours, "hour")
        : i18n.duration(Math.round(hours / 24), "day");
  return [i18n.t("mail.linkExpires", { duration })];
}
