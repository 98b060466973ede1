import { sendInBackground } from "../accounts/account-mail.ts";
import { endUserSessions } from "../accounts/end-sessions.ts";
import { keepOrUndo, sessionStillStored } from "../accounts/guarded-change.ts";
import { checkCurrentPassword, hashNewPassword } from "../accounts/password-check.ts";
import { generationOf } from "../accounts/security-generation.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import { formPageUrl } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { limit } from "./lib/limit.ts";
import { field, passwordSettings } from "./lib/password-settings.ts";
import type { Services } from "./services.ts";

/**
 * `POST change-password` (JSON) with `currentPassword` and `newPassword`, for the signed-in user.
 * On success every other session of the user ends (both strategies), the generation moves on
 * (voiding outstanding links: a pending email change, reset links) and this browser gets a fresh
 * session; the owner is told by mail. A security change that ends this session while the hashes
 * are worked out (the owner claiming the account, a reset) wins: the new password is removed again
 * and the answer is `AccountChanged` (accounts/guarded-change.ts). Answers `{ ok: true }`, or
 * `{ error, message }` with the status.
 */
export async function changePasswordAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const settings = passwordSettings(ctx);
  const current = await services.sessions.current(ctx);
  if (!current) throw new AuthError("SessionRequired");
  const { userId } = current;
  const limited = await limit(ctx, services, "changePassword", userId);
  if (limited) return limited;
  const adapter = ctx.config.adapter!;
  const user = await callAdapter(adapter, "getUser", userId);
  if (!user) throw new AuthError("SessionRequired");
  await sessionStillStored(ctx, services, current);
  const stored = await callAdapter(adapter, "getPasswordHash", userId);
  if (!stored) throw new AuthError("PasswordNotSet");
  if (!(await checkCurrentPassword(ctx, settings, user, stored, field(ctx, "currentPassword")))) {
    throw new AuthError("CurrentPasswordIncorrect");
  }
  const password = field(ctx, "newPassword");
  const refused = await settings.checkNewPassword(password);
  if (refused) throw new AuthError(refused);
  await callAdapter(adapter, "setPasswordHash", userId, await hashNewPassword(settings, password));
  await keepOrUndo(ctx, {
    userId,
    seen: generationOf(user),
    undo: () => callAdapter(adapter, "deletePasswordHash", userId),
  });
  await endUserSessions(ctx, services, user, { providerId: settings.provider.id });
  await recordAudit(ctx, { kind: "password-changed", actorId: userId, subjectId: userId });
  if (user.email) {
    const to = user.email;
    sendInBackground(ctx, settings.provider, async () => ({
      kind: "password-changed",
      to,
      url: formPageUrl(ctx, "forgot-password", {}),
      expires: null,
    }));
  }
  return json({ ok: true });
}
