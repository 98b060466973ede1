import { composeAccountMail } from "../accounts/account-mail.ts";
import { accountMailerOf } from "../accounts/account-mailer.ts";
import { createPasswordResetLink } from "../accounts/password-reset-link.ts";
import { reasonOf, userIdOf } from "../admin/admin-input.ts";
import { requireAdmin } from "../admin/require-admin.ts";
import { targetUser } from "../admin/target-user.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AuthError } from "../errors/auth-error.ts";
import { describe } from "../errors/describe.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { withDeadline } from "../lib/deadline.ts";
import { normalizeEmail } from "../providers/email-address.ts";
import type { Services } from "./services.ts";

/**
 * `POST admin-password-reset` (JSON) with `id` and an optional `reason` (the audit log keeps it), for
 * an administrator: mails the user the same single-use reset link forgot-password sends
 * (`password.resetMaxAge`, an hour by default). The link goes to the user's address only — never into the answer, so the administrator cannot use it.
 * Unlike forgot-password the mail is awaited: the administrator learns whether it went. Answers
 * `{ ok: true }`; `PasswordResetUnavailable` (409) without a Password provider or a usable address,
 * `MailNotSent` (502) when sending failed.
 */
export async function adminPasswordResetAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { adapter, admin } = await requireAdmin(ctx, services);
  const reason = reasonOf(ctx.body.reason, false);
  const user = await targetUser(adapter, userIdOf(ctx.body.id));
  const settings = ctx.config.password;
  const mailer = accountMailerOf(ctx);
  if (!settings || !mailer) {
    throw new AuthError("PasswordResetUnavailable", { cause: "no Password provider is configured" });
  }
  const email = normalizeEmail(user.email);
  if (!email)
    throw new AuthError("PasswordResetUnavailable", { cause: "the user has no usable email address" });
  const link = await createPasswordResetLink({
    adapter,
    url: ctx.baseUrl,
    email,
    maxAge: settings.resetMaxAge,
    now: ctx.now,
  });
  if (!link) throw new AuthError("UserNotFound", { cause: "the address changed meanwhile" });
  try {
    const mail = composeAccountMail(ctx, {
      kind: "reset-password",
      to: email,
      url: link.url,
      expires: link.expires,
    });
    // The administrator waits for the answer: a mail server that never answers must not hold it.
    await withDeadline(
      () => mailer.sendMail(mail),
      ctx.config.mailTimeout,
      (error) => ctx.config.logger.error("AccountMailFailed", `after the deadline: ${describe(error)}`),
    );
  } catch (error) {
    ctx.config.logger.error("AccountMailFailed", describe(error));
    throw new AuthError("MailNotSent", { cause: error });
  }
  await recordAudit(ctx, {
    kind: "password-reset-link-sent",
    actorId: admin.id,
    subjectId: user.id,
    ...(reason === undefined ? {} : { detail: { reason } }),
  });
  return json({ ok: true });
}
