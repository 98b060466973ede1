import type { Translator } from "../i18n/translator.ts";
import { expiryNote, HOST_SLOT, type MailContent, renderMail } from "./account-mail-body.ts";

/**
 * The sign-in link's mail in `i18n`'s language: subject, text and HTML parts naming the site (the
 * link's host) and carrying the link, and nothing the requester typed — not even the address
 * (CVE-2022-31127: HTML injection through the address).
 */
export function signInMailContent(
  i18n: Translator,
  mail: { url: string; expires: Date; now: number; brandColor: string | undefined },
): MailContent {
  const { host } = new URL(mail.url);
  return renderMail(
    {
      subject: i18n.t("mail.signIn.subject", { host }),
      heading: i18n.parts("mail.signIn.heading", { host: HOST_SLOT }),
      host,
      url: mail.url,
      action: i18n.t("mail.signIn.action"),
      intro: [],
      notes: [...expiryNote(i18n, mail.expires, mail.now), i18n.t("mail.signIn.ignore")],
      brandColor: mail.brandColor,
    },
    i18n,
  );
}
