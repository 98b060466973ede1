import { describe } from "../errors/describe.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { PasswordMail } from "../providers/password.ts";

/**
 * Sends an account mail without waiting for it: the answer to sign-up and forgot-password must take
 * the same time whether or not a mail goes out (else timing tells who has an account). What the
 * mail needs (a stored token) is prepared inside `prepare`, in the background too. A failure is
 * logged (`AccountMailFailed`); the person's answer never changes.
 */
export function sendInBackground(
  ctx: RequestContext,
  /** Who sends: the Password provider, or the passkey settings (`passkeys.sendMail`). */
  sender: { sendMail(mail: PasswordMail): unknown },
  prepare: () => Promise<Omit<PasswordMail, "theme"> | null>,
): void {
  const { logger, theme } = ctx.config;
  void (async () => {
    try {
      const mail = await prepare();
      if (mail) await sender.sendMail({ ...mail, theme });
    } catch (error) {
      logger.error("AccountMailFailed", describe(error));
    }
  })();
}
