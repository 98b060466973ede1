import type { RequestContext } from "../http/request-context.ts";
import type { PasswordMail } from "../providers/password.ts";

/** Who sends account mails: the Password provider, else passkey sign-up's sender; null without either. */
export function accountMailerOf(ctx: RequestContext): { sendMail(mail: PasswordMail): unknown } | null {
  if (ctx.config.password) return ctx.config.password.provider;
  if (ctx.config.passkeys?.signUp) return ctx.config.passkeys;
  return null;
}
