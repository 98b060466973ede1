import { keepOrUndo, sessionStillStored } from "../accounts/guarded-change.ts";
import { generationOf } from "../accounts/security-generation.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { failure, formFailure, formPageUrl, pageContext } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";
import { limit } from "./lib/limit.ts";
import {
  renewBackupCodes,
  requireTwoFactorAdapter,
  spendTotpCode,
  startEnrolment,
} from "./lib/two-factor.ts";
import type { Services } from "./services.ts";

/**
 * `POST two-factor-setup` (the form of `GET two-factor-setup`), for the signed-in user, rate limited
 * as the JSON endpoints (`twoFactor`, by client and user):
 *
 * - `code`: the first code of the pending enrolment. Wrong: back to the page with
 *   `TwoFactorCodeInvalid`, the enrolment kept (the app already holds its key). Right: two-factor is
 *   turned on, as `two-factor-confirm` does, and the answer is the page of the ten backup codes,
 *   shown this once, with a link on to the callback URL.
 * - `newKey`: a new enrolment replaces the pending one (a key someone else may have seen, a lost
 *   scan), then back to the page, which shows it.
 *
 * Two-factor already on: on to the callback URL. Signed out: the sign-in page, back here afterwards.
 */
export async function twoFactorSetupAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const adapter = requireTwoFactorAdapter(ctx);
  const callbackUrl = await ctx.callbackUrl();
  const current = await services.sessions.current(ctx);
  if (!current) return signInFirst(ctx, callbackUrl);
  const { userId } = current;
  const limited = await limit(ctx, services, "twoFactor", userId);
  if (limited) return limited;
  const enrolment = await callAdapter(adapter, "getTwoFactor", userId);
  if (enrolment?.enabledAt) return redirect(callbackUrl);
  const setupPage = formPageUrl(ctx, "two-factor-setup", { callbackUrl });
  if (ctx.body.newKey !== undefined) {
    const user = await callAdapter(adapter, "getUser", userId);
    if (!user) return signInFirst(ctx, callbackUrl);
    await startEnrolment(ctx, adapter, user);
    return redirect(setupPage);
  }
  // No enrolment to confirm (disabled elsewhere meanwhile): the page starts one.
  if (!enrolment) return redirect(setupPage);
  const user = await callAdapter(adapter, "getUser", userId);
  if (!user) return signInFirst(ctx, callbackUrl);
  await sessionStillStored(ctx, services, current);
  if (!(await spendTotpCode(ctx, adapter, { userId, sealed: enrolment.secret, code: ctx.body.code }))) {
    ctx.config.logger.warn("TwoFactorCodeFailed", { userId });
    return formFailure(ctx, "two-factor-setup", "TwoFactorCodeInvalid", { callbackUrl });
  }
  // False when it was restarted or removed between the two calls: nothing was turned on.
  if (!(await callAdapter(adapter, "enableTwoFactor", userId, new Date(ctx.now)))) return redirect(setupPage);
  // A new factor, kept only if no security change ended this session meanwhile.
  await keepOrUndo(ctx, {
    userId,
    seen: generationOf(user),
    undo: () => callAdapter(adapter, "deleteTwoFactor", userId),
  });
  const backupCodes = await renewBackupCodes(ctx, adapter, userId);
  ctx.config.logger.warn("TwoFactorEnabled", { userId });
  await recordAudit(ctx, { kind: "two-factor-enabled", actorId: userId, subjectId: userId });
  const page = renderPage(
    { page: "two-factor-backup-codes", backupCodes, continueUrl: callbackUrl },
    pageContext(ctx),
  );
  return { type: "page", page };
}

/**
 * Signed out (or the session ended): the sign-in page with `SessionRequired`, whose callback URL is
 * the setup page (with the callback URL it had), so signing in leads back here.
 */
export function signInFirst(ctx: RequestContext, callbackUrl: string): Outcome {
  return failure(ctx, "SessionRequired", formPageUrl(ctx, "two-factor-setup", { callbackUrl }));
}
