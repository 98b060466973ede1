/** What one mail says: the same shape gives the text part and the HTML part. */
export interface MailBody {
  /** The heading before the site's host, e.g. "Sign in to". */
  heading: string;
  /** The site's host, from the link core built (never from what a requester typed). */
  host: string;
  url: string;
  /** The button's label in the HTML part. */
  action: string;
  /** Paragraphs before the link. */
  intro?: readonly string[];
  /** Paragraphs after the link. */
  notes: readonly string[];
  /** `theme.brandColor`; anything but a hex colour falls back to the default. */
  brandColor: string | undefined;
}

/** The text part: the heading, the intro, the link on a line of its own, the notes. */
export function mailText(body: MailBody): string {
  const head = [`${body.heading} ${body.host}`, ...(body.intro ?? [])].join("\n\n");
  return `${head}\n${body.url}\n\n${body.notes.join("\n\n")}\n`;
}

const COLOR = /^#[0-9a-f]{3,8}$/i;

/**
 * The HTML part: one centred card with the heading, a button to the link and the notes. Every value
 * is escaped — the URL included: core builds it, but a sender must not trust it to be inert.
 */
export function mailHtml(body: MailBody): string {
  const color = body.brandColor && COLOR.test(body.brandColor) ? body.brandColor : "#346df1";
  // A zero-width space after each dot stops mail clients from turning the host into a link.
  const host = escapeHtml(body.host).replace(/\./g, "&#8203;.");
  const url = escapeHtml(body.url);
  const paragraph = (text: string, padding: string) =>
    `<tr><td align="center" style="font-size:16px;color:#444;padding:${padding}">${escapeHtml(text)}</td></tr>\n`;
  const intro = (body.intro ?? []).map((text) => paragraph(text, "10px 0 0")).join("");
  const notes = body.notes.map((text) => paragraph(text, "0 0 10px")).join("");
  return `<body style="background:#f9f9f9;font-family:Helvetica,Arial,sans-serif">
<table width="100%" cellspacing="0" cellpadding="0" style="max-width:600px;margin:auto;background:#fff;border-radius:10px;padding:20px">
<tr><td align="center" style="font-size:22px;color:#444;padding:10px 0">${escapeHtml(body.heading)} <strong>${host}</strong></td></tr>
${intro}<tr><td align="center" style="padding:20px 0"><a href="${url}" target="_blank" style="font-size:18px;color:#fff;background:${color};text-decoration:none;border-radius:5px;padding:10px 20px;border:1px solid ${color};display:inline-block;font-weight:bold">${escapeHtml(body.action)}</a></td></tr>
${notes}</table></body>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
