import { generationOf } from "../accounts/security-generation.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordSignInFailed } from "../audit/report-sign-in.ts";
import type { ErrorCode } from "../errors/catalogue.ts";
import { errorCatalogue } from "../errors/catalogue.ts";
import { clientOf } from "../http/client-address.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { failure, formPageUrl } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { Attempt } from "../limits/lockout.ts";
import {
  claimPendingSignIn,
  type OpenedPendingSignIn,
  openPendingSignIn,
} from "../two-factor/pending-sign-in.ts";
import type { CsrfRule } from "./endpoint.ts";
import { issueSession, refuseDisabled } from "./lib/complete-sign-in.ts";
import { limit, tooManyAttempts } from "./lib/limit.ts";
import {
  backupCodeRefusal,
  pendingCookieName,
  requireTwoFactorAdapter,
  spendSecondFactor,
} from "./lib/two-factor.ts";
import type { Services } from "./services.ts";

/**
 * `POST two-factor` with `code` (from the authenticator app) or `backupCode`: the second step of a
 * sign-in. The pending state comes only from its cookie. A right code claims the state (single use,
 * in the services' claim store) and issues the session the first step would have; a wrong one goes
 * back to the form with `TwoFactorCodeInvalid` and counts in the lockout of `2fa:<user id>` — one
 * pending state can be re-minted by whoever knows the first factor, so guesses are counted per user.
 */
export async function twoFactorAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const adapter = requireTwoFactorAdapter(ctx);
  const pending = await readPendingSignIn(ctx);
  if (!pending) return pendingExpired(ctx);
  const { userId } = pending;
  const method = pending.providerId;
  const limited = await limit(ctx, services, "twoFactorSignIn", userId);
  if (limited) return limited;
  const { limits } = services;
  const lockout = limits?.lockout ?? null;
  const attempt: Attempt = {
    account: `2fa:${userId}`,
    client: limits ? limits.clientKey(clientOf(ctx)) : null,
  };
  if (lockout) {
    const gate = await lockout.check(attempt);
    if ("error" in gate) {
      await recordSignInFailed(ctx, { reason: "RateLimited", method, userId, detail: { lockout: true } });
      return tooManyAttempts(ctx, gate);
    }
  }
  const backup = typeof ctx.body.backupCode === "string" && ctx.body.backupCode !== "";
  const secondFactor = backup ? "backup" : "totp";
  const passed = await spendSecondFactor(
    ctx,
    adapter,
    backup ? { userId, backupCode: ctx.body.backupCode } : { userId, totp: ctx.body.code },
  );
  if (!passed) {
    ctx.config.logger.warn("TwoFactorCodeFailed", { userId });
    await lockout?.fail(attempt);
    const refusal = backup
      ? await backupCodeRefusal(ctx, adapter, { userId, backupCode: ctx.body.backupCode })
      : "TwoFactorCodeInvalid";
    // The audit keeps the failure's kind; a spent backup code is a detail of it.
    await recordSignInFailed(ctx, {
      reason: "TwoFactorCodeInvalid",
      method,
      userId,
      detail: { secondFactor, ...(refusal === "BackupCodeUsed" ? { backupCodeUsed: true } : {}) },
    });
    return backToForm(ctx, refusal, backup);
  }
  await lockout?.succeed(attempt);
  // Claimed only after a right code, so a typo does not spend the state; a second use of the same
  // cookie (a copy, or two requests at once) gets no session.
  if (!(await claimPendingSignIn(services.claims, pending, ctx.now))) return pendingExpired(ctx);
  const user = await callAdapter(adapter, "getUser", userId);
  if (!user) return pendingExpired(ctx);
  ctx.out.delete(pendingCookieName(ctx));
  // A security change since the first factor (a reset, the owner claiming the account) voids it.
  if (pending.generation !== null && generationOf(user) !== pending.generation) {
    return failure(ctx, "AccountChanged", pending.callbackUrl);
  }
  if (user.disabledAt) return refuseDisabled(ctx, { userId, method, callbackUrl: pending.callbackUrl });
  if (backup) ctx.config.logger.warn("TwoFactorBackupCodeUsed", { userId });
  return issueSession(ctx, services, {
    user,
    // The pending state keeps who the user is at the provider, not the provider's tokens or profile:
    // they are stored with the account (adapter), not handed to the jwt callback a second time.
    account: {
      provider: pending.providerId,
      type: pending.accountType,
      providerAccountId: pending.providerAccountId ?? userId,
    },
    isNewUser: false,
    callbackUrl: pending.callbackUrl,
    enrolment: false,
    secondFactor,
    generation: pending.generation,
  });
}

/** A POST two-factor that fails the CSRF check: back to the form with `MissingCSRF`. */
export const refuseToTwoFactor: CsrfRule = {
  async refuse(ctx) {
    await ctx.csrfToken();
    return backToForm(ctx, "MissingCSRF", typeof ctx.body.backupCode === "string");
  },
};

/** The request's pending sign-in, or null when its cookie is missing or does not open (expired, tampered). */
export async function readPendingSignIn(ctx: RequestContext): Promise<OpenedPendingSignIn | null> {
  const value = ctx.cookies.get(pendingCookieName(ctx));
  if (!value) return null;
  return openPendingSignIn({ keys: ctx.config.keys, now: ctx.now }, value);
}

/** No usable pending sign-in: its cookie goes, and the person starts again at the sign-in page. */
export function pendingExpired(ctx: RequestContext): Outcome {
  const name = pendingCookieName(ctx);
  if (ctx.cookies.has(name)) ctx.out.delete(name);
  return failure(ctx, "TwoFactorExpired");
}

function backToForm(ctx: RequestContext, code: ErrorCode, backup: boolean): Outcome {
  const params = backup ? { method: "backup", error: code } : { error: code };
  return redirect(formPageUrl(ctx, "two-factor", params), errorCatalogue[code].status);
}
