import { sendInBackground } from "../accounts/account-mail.ts";
import { keepOrUndo, sessionStillStored } from "../accounts/guarded-change.ts";
import { hashNewPassword } from "../accounts/password-check.ts";
import { requireRecentSignIn } from "../accounts/recent-sign-in.ts";
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
 * `POST set-password` (JSON) with `newPassword`: the first password of a signed-in user who so far
 * signs in only through a provider or an email link. A user who has one changes it instead
 * (`PasswordAlreadySet`), which asks for the current password. The generation moves on (outstanding
 * links die). The owner is told by mail.
 */
export async function setPasswordAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const settings = passwordSettings(ctx);
  const current = await services.sessions.current(ctx);
  if (!current) throw new AuthError("SessionRequired");
  const { userId } = current;
  await requireRecentSignIn(ctx, services, current);
  const limited = await limit(ctx, services, "changePassword", userId);
  if (limited) return limited;
  const adapter = ctx.config.adapter!;
  const user = await callAdapter(adapter, "getUser", userId);
  if (!user) throw new AuthError("SessionRequired");
  await sessionStillStored(ctx, services, current);
  if (await callAdapter(adapter, "getPasswordHash", userId)) throw new AuthError("PasswordAlreadySet");
  const password = field(ctx, "newPassword");
  const refused = await settings.checkNewPassword(password);
  if (refused) throw new AuthError(refused);
  await callAdapter(adapter, "setPasswordHash", userId, await hashNewPassword(settings, password));
  // A new way in: kept only if no security change ended this session meanwhile.
  await keepOrUndo(ctx, {
    userId,
    seen: generationOf(user),
    undo: () => callAdapter(adapter, "deletePasswordHash", userId),
  });
  await recordAudit(ctx, { kind: "password-set", actorId: userId, subjectId: userId });
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
