import type { MessageKey } from "../i18n/messages/en.ts";
import type { Translator } from "../i18n/translator.ts";
import type { PasswordMail } from "../providers/password.ts";
import { signInMethodLabel } from "../providers/provider-label.ts";
import { expiryNote, HOST_SLOT, type MailBody, type MailContent, renderMail } from "./account-mail-body.ts";

/** An account mail before it is written: what it is for, to whom, its link and details. */
export type AccountMailDraft = Omit<PasswordMail, keyof MailContent | "theme">;

/** What composing needs besides the draft and the language. */
export interface AccountMailContext {
  /** Now, ms since the epoch: the expiry is worded from it. */
  now: number;
  brandColor: string | undefined;
  /** The configured providers, to name the sign-in method of a `new-sign-in` mail. */
  providers: ReadonlyMap<string, { type: string; name: string }>;
}

/** When, how, from where and with what a sign-in happened, one line each (no line for what is unknown). */
function signInFacts(i18n: Translator, draft: AccountMailDraft, context: AccountMailContext): string[] {
  const { detail } = draft;
  if (!detail) return [];
  return [
    i18n.t("mail.newSignIn.when", { when: i18n.dateTime(detail.at) }),
    i18n.t("mail.newSignIn.how", { method: signInMethodLabel(i18n, context.providers, detail.method) }),
    ...(detail.ip ? [i18n.t("mail.newSignIn.from", { ip: detail.ip })] : []),
    ...(detail.userAgent ? [i18n.t("mail.newSignIn.browser", { browser: detail.userAgent })] : []),
  ];
}

/** A mail's words, with its subject's key (the subject names the host). */
type Words = Omit<MailBody, "host" | "url" | "brandColor" | "subject"> & { subject: MessageKey };

/** The words of each kind; the layout is the same for all (account-mail-body.ts). */
function bodyOf(i18n: Translator, draft: AccountMailDraft, context: AccountMailContext): Words {
  const t: Translator["t"] = (key, params) => i18n.t(key, params);
  const host = { host: HOST_SLOT } as const;
  const expiry = expiryNote(i18n, draft.expires, context.now);
  switch (draft.kind) {
    case "verify-email":
      return {
        subject: "mail.verifyEmail.subject",
        heading: i18n.parts("mail.verifyEmail.heading", host),
        intro: [t("mail.verifyEmail.intro")],
        action: t("mail.verifyEmail.action"),
        notes: [...expiry, t("mail.verifyEmail.ignore")],
      };
    case "reset-password":
      return {
        subject: "mail.resetPassword.subject",
        heading: i18n.parts("mail.resetPassword.heading", host),
        intro: [t("mail.resetPassword.intro")],
        action: t("mail.resetPassword.action"),
        notes: [...expiry, t("mail.linkWorksOnce"), t("mail.resetPassword.ignore")],
      };
    case "account-exists":
      return {
        subject: "mail.accountExists.subject",
        heading: i18n.parts("mail.accountExists.heading", host),
        intro: [t("mail.accountExists.intro"), t("mail.accountExists.reset")],
        action: t("mail.resetAction"),
        notes: [...expiry, t("mail.accountExists.ignore")],
      };
    case "password-changed":
      return {
        subject: "mail.passwordChanged.subject",
        heading: i18n.parts("mail.passwordChanged.heading", host),
        intro: [t("mail.passwordChanged.intro"), t("mail.passwordChanged.reset")],
        action: t("mail.resetAction"),
        notes: [...expiry, t("mail.itWasYou")],
      };
    case "confirm-new-email":
      return {
        subject: "mail.confirmNewEmail.subject",
        heading: i18n.parts("mail.confirmNewEmail.heading", host),
        intro: [t("mail.confirmNewEmail.intro")],
        action: t("mail.confirmNewEmail.action"),
        notes: [...expiry, t("mail.confirmNewEmail.ignore")],
      };
    case "email-change-requested":
      // The link is "this wasn't me" (BASE/cancel-email-change): it stops the change.
      return {
        subject: "mail.emailChangeRequested.subject",
        heading: i18n.parts("mail.emailChangeRequested.heading", host),
        intro: [t("mail.emailChangeRequested.intro"), t("mail.emailChangeRequested.stop")],
        action: t("mail.emailChangeRequested.action"),
        notes: [...expiry, t("mail.linkWorksOnce"), t("mail.itWasYou")],
      };
    case "account-secured":
      return {
        subject: "mail.accountSecured.subject",
        heading: i18n.parts("mail.accountSecured.heading", host),
        intro: [t("mail.accountSecured.intro"), t("mail.accountSecured.again")],
        action: t("mail.signIn.action"),
        notes: [t("mail.itWasYou")],
      };
    case "new-sign-in":
      return {
        subject: "mail.newSignIn.subject",
        heading: i18n.parts("mail.newSignIn.heading", host),
        intro: [t("mail.newSignIn.intro"), ...signInFacts(i18n, draft, context), t("mail.newSignIn.reset")],
        action: t("mail.resetAction"),
        notes: [t("mail.itWasYou")],
      };
  }
}

/**
 * An account mail written in `i18n`'s language: subject, text and HTML parts. Like every mail
 * Gatehouse composes, it names the site (the link's host) and carries the link, and nothing a
 * requester typed — no address or name (CVE-2022-31127) — except a new sign-in's facts, which the
 * server saw.
 */
export function accountMailContent(
  i18n: Translator,
  draft: AccountMailDraft,
  context: AccountMailContext,
): MailContent {
  const { host } = new URL(draft.url);
  const { subject, ...words } = bodyOf(i18n, draft, context);
  return renderMail(
    { ...words, subject: i18n.t(subject, { host }), host, url: draft.url, brandColor: context.brandColor },
    i18n,
  );
}
