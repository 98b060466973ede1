import type { Theme } from "../config/options.ts";
import { describe } from "../errors/describe.ts";
import type { RequestContext } from "../http/request-context.ts";
import { translatorFor } from "../i18n/language-modules.ts";
import { withDeadline } from "../lib/deadline.ts";
import type { GatehouseModule } from "../modules/module.ts";
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
 * An account mail written outside a request — an operator's tool mailing a reset link — in `locale`
 * (default English; `pt` finds `pt-BR`) when one of `modules` is that language's module (the same
 * `modules` as the app's `gatehouse()`), else in English, with the messages as shipped.
 *
 * @example
 * await passwordMailer(smtp)(composePasswordMail({ kind: "reset-password", to, url: link.url, expires: link.expires }));
 * composePasswordMail(draft, { locale: "de", modules: [de] }); // in German
 */
export function composePasswordMail(
  draft: AccountMailDraft,
  options: { locale?: string; modules?: readonly GatehouseModule[]; theme?: Theme; now?: number } = {},
): PasswordMail {
  const theme = options.theme ?? {};
  const content = accountMailContent(translatorFor(options.locale ?? "en", options.modules), draft, {
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
