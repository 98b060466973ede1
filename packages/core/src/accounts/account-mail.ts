import type { Theme } from "../config/options.ts";
import { describe } from "../errors/describe.ts";
import type { RequestContext } from "../http/request-context.ts";
import { builtInTranslator } from "../i18n/built-in-messages.ts";
import { BUILT_IN_LOCALES, type BuiltInLocale } from "../i18n/locales.ts";
import { matchLocale } from "../i18n/negotiate-locale.ts";
import { withDeadline } from "../lib/deadline.ts";
import type { PasswordMail } from "../providers/password.ts";
import { type AccountMailDraft, accountMailContent } from "./account-mail-content.ts";

/**
 * An account mail ready to send: the draft written in the request's language (`ctx.i18n`, with the
 * app's message overrides) and the theme. For a mail sent while the request waits, e.g.
 * `await sender.sendMail(composeAccountMail(ctx, { kind: "reset-password", to, url, expires }))`.
 */
export function composeAccountMail(ctx: RequestContext, draft: AccountMailDraft): PasswordMail {
  const { theme, providers } = ctx.config;
  const content = accountMailContent(ctx.i18n, draft, {
    now: ctx.now,
    brandColor: theme.brandColor,
    providers,
  });
  return { ...draft, ...content, theme };
}

/**
 * An account mail written outside a request — an operator's tool mailing a reset link — in a
 * built-in language (`locale`, default English; `pt` finds `pt-BR`) with the shipped messages.
 *
 * @example
 * await passwordMailer(smtp)(composePasswordMail({ kind: "reset-password", to, url: link.url, expires: link.expires }));
 */
export function composePasswordMail(
  draft: AccountMailDraft,
  options: { locale?: string; theme?: Theme; now?: number } = {},
): PasswordMail {
  const locale = (matchLocale(options.locale ?? "en", BUILT_IN_LOCALES) ?? "en") as BuiltInLocale;
  const theme = options.theme ?? {};
  const content = accountMailContent(builtInTranslator(locale), draft, {
    now: options.now ?? Date.now(),
    brandColor: theme.brandColor,
    providers: new Map(),
  });
  return { ...draft, ...content, theme };
}

/**
 * Sends an account mail without waiting for it: the answer to sign-up and forgot-password must take
 * the same time whether or not a mail goes out (else timing tells who has an account). What the
 * mail needs (a stored token) is prepared inside `prepare`, in the background too. The mail is
 * written in the language of this request. A failure is logged (`AccountMailFailed`); the person's
 * answer never changes.
 */
export function sendInBackground(
  ctx: RequestContext,
  /** Who sends: the Password provider, or the passkey settings (`passkeys.sendMail`). */
  sender: { sendMail(mail: PasswordMail): unknown },
  prepare: () => Promise<AccountMailDraft | null>,
): void {
  const { logger } = ctx.config;
  void (async () => {
    try {
      const draft = await prepare();
      if (!draft) return;
      const mail = composeAccountMail(ctx, draft);
      // Nobody waits, but a sender that never answers is reported rather than silently pending.
      await withDeadline(
        () => sender.sendMail(mail),
        ctx.config.mailTimeout,
        (error) => logger.error("AccountMailFailed", `after the deadline: ${describe(error)}`),
      );
    } catch (error) {
      logger.error("AccountMailFailed", describe(error));
    }
  })();
}
