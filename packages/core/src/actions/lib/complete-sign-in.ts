import { alertNewSignIn } from "../../accounts/new-sign-in-alert.ts";
import { stillAt } from "../../accounts/security-generation.ts";
import { askSignInCallback, type SignInInput } from "../../accounts/sign-in-callback.ts";
import { storedUser } from "../../accounts/stored-user.ts";
import { callAdapter } from "../../adapter/call-adapter.ts";
import { recordSignInFailed, reportSignIn } from "../../audit/report-sign-in.ts";
import type { Account } from "../../config/options.ts";
import { isAuthError } from "../../errors/auth-error.ts";
import { type Outcome, redirect } from "../../http/outcome.ts";
import { failure, formPageUrl } from "../../http/page-urls.ts";
import type { RequestContext } from "../../http/request-context.ts";
import type { User } from "../../providers/types.ts";
import type { SecondFactor, SignInResult } from "../../session/session-strategy.ts";
import type { Services } from "../services.ts";
import { linkingUser } from "./link-intent.ts";
import { startSecondStep, twoFactorOn } from "./two-factor.ts";

/**
 * The common end of every browser sign-in: the `signIn` callback decides, the user is stored or
 * found, then `finishSignIn` (a disabled user refused, the second step, or a session). Only an OAuth
 * flow started signed in links (`linkUserId`, see `linkingUser`); a credentials, password or email
 * sign-in never joins whatever session the request carries. A sign-in that claimed an unverified
 * account for the owner of its address lands on the notice saying so (`BASE/account-secured`) on
 * its way to the callback URL. `generation`: the user's security generation as read before the
 * credential was checked, when the caller read the user (a password sign-in); other sign-ins read it
 * while the user is resolved.
 */
export async function completeSignIn(
  ctx: RequestContext,
  services: Services,
  input: SignInInput,
  options: { linkUserId?: string | null; generation?: number } = {},
): Promise<Outcome> {
  const callbackUrl = await ctx.callbackUrl();
  const { provider: _provider, ...forCallback } = input;
  // A password user is stored already: the one whose sign-in the callback refused.
  const refused = await decideSignIn(
    ctx,
    forCallback,
    input.provider.type === "password" ? input.user.id : null,
  );
  if (refused) return refused;
  const stored = await storedUser(
    ctx,
    input,
    () => linkingUser(ctx, services, options.linkUserId ?? null),
    services,
  );
  return finishSignIn(ctx, services, {
    user: stored.user,
    account: input.account,
    ...(input.profile ? { profile: input.profile } : {}),
    isNewUser: stored.isNewUser,
    callbackUrl: stored.secured ? accountSecuredUrl(ctx, callbackUrl) : callbackUrl,
    bothFactors: false,
    generation: stored.generation ?? options.generation ?? null,
  });
}

/** The notice after a claim, which leads on to `callbackUrl`. */
function accountSecuredUrl(ctx: RequestContext, callbackUrl: string): string {
  const url = new URL(`${ctx.baseUrl}/account-secured`);
  url.searchParams.set("callbackUrl", callbackUrl);
  return url.href;
}

/**
 * The app's `signIn` callback: null to go on, else the answer — `AccessDenied`, or the app's own
 * redirect (which still obeys the redirect policy).
 */
export async function decideSignIn(
  ctx: RequestContext,
  input: Omit<SignInInput, "provider">,
  /** The stored user signing in, when there is one yet (for the audit log). */
  subjectId: string | null = null,
): Promise<Outcome | null> {
  const decision = await askSignInCallback(ctx, input as SignInInput);
  if (decision === true) return null;
  await recordSignInFailed(ctx, {
    reason: "AccessDenied",
    method: input.account.provider,
    userId: subjectId,
  });
  if (typeof decision === "string") {
    const target = await ctx.validateRedirect(decision);
    return target ? redirect(target) : failure(ctx, "AccessDenied");
  }
  return failure(ctx, "AccessDenied");
}

/**
 * After the first factor, for the stored user: a disabled user is refused; a user with two-factor on
 * gets no session but the second step (`BASE/two-factor`) — unless `bothFactors` (a passkey with user
 * verification); everyone else gets a session.
 */
export async function finishSignIn(
  ctx: RequestContext,
  services: Services,
  input: {
    user: User;
    account: Account;
    profile?: Record<string, unknown>;
    isNewUser: boolean;
    callbackUrl: string;
    /** The first factor was already two (a passkey that verified the user). */
    bothFactors: boolean;
    /**
     * The user's security generation as read before (or while) the first factor was checked; the
     * session is made only if it still holds once stored. Null: nothing to compare.
     */
    generation: number | null;
  },
): Promise<Outcome> {
  const { user, isNewUser, callbackUrl } = input;
  const method = input.account.provider;
  // A user created by this very sign-in can be neither disabled nor enrolled yet.
  if (!isNewUser && (await userDisabled(ctx, user.id))) {
    return refuseDisabled(ctx, { userId: user.id, method, callbackUrl });
  }
  // The modules' gates (docs/modules.md): before the second factor, so a person a module turns away
  // is never asked for a code.
  const hooked = { userId: user.id, email: user.email ?? null, method, isNewUser };
  let gated: Outcome | null;
  try {
    gated = await services.signInHooks.gate(ctx, services, hooked);
  } catch (error) {
    // A gate that turns the person away: in the audit log as any refused sign-in, then the refusal.
    if (isAuthError(error, "AccessDenied")) {
      await recordSignInFailed(ctx, { reason: "AccessDenied", method, userId: user.id });
      return failure(ctx, "AccessDenied", callbackUrl);
    }
    throw error;
  }
  if (gated) return gated;
  if (!input.bothFactors && !isNewUser && (await twoFactorOn(ctx, user.id))) {
    return startSecondStep(ctx, {
      userId: user.id,
      providerId: input.account.provider,
      providerAccountId: input.account.providerAccountId,
      accountType: input.account.type,
      callbackUrl,
      generation: input.generation,
    });
  }
  return issueSession(ctx, services, {
    user,
    account: input.account,
    ...(input.profile ? { profile: input.profile } : {}),
    isNewUser,
    callbackUrl,
    enrolment: !input.bothFactors,
    secondFactor: input.bothFactors ? "passkey" : null,
    generation: input.generation,
  });
}

/**
 * Whether an administrator disabled the user (`disableUser`). Asked of storage only when it keeps the
 * mark (`setUserDisabled`); an Auth.js adapter has no disabled users. Sign-in is not a hot path: one
 * read, after the credential passed, so the refusal tells nothing to someone without it.
 */
export async function userDisabled(ctx: RequestContext, userId: string): Promise<boolean> {
  const adapter = ctx.config.adapter;
  if (!adapter || typeof adapter.setUserDisabled !== "function") return false;
  const stored = await callAdapter(adapter, "getUser", userId);
  return stored?.disabledAt != null;
}

/** A disabled user's sign-in: logged and audited, then `AccountDisabled` on the sign-in page. */
export async function refuseDisabled(
  ctx: RequestContext,
  refusal: { userId: string; method: string; callbackUrl?: string },
): Promise<Outcome> {
  const { userId, method, callbackUrl } = refusal;
  ctx.config.logger.warn("SignInRefusedDisabled", { userId });
  await recordSignInFailed(ctx, { reason: "AccountDisabled", method, userId });
  return failure(ctx, "AccountDisabled", callbackUrl);
}

/**
 * Issues the session cookie (a fresh token every time, so no session fixation) and sends the person
 * on: with `twoFactor.required`, a user without a second factor to enrolment first (unless
 * `enrolment` is false: a passkey sign-in); a new user to the new-user page when one is configured;
 * else to the callback URL. The tail of `finishSignIn`, and of the two-factor step once its code passed.
 * A session issued is reported (audit entry, `signIn` event) with the second factor it took. A
 * security change that committed while the credential was checked — the owner claiming this
 * unverified account, a password reset — moved the generation away from `generation`: the session
 * is taken back at once (`AccountChanged`); one that commits later deletes it with the others.
 */
export async function issueSession(
  ctx: RequestContext,
  services: Services,
  signIn: SignInResult & {
    callbackUrl: string;
    enrolment: boolean;
    secondFactor: SecondFactor;
    generation: number | null;
  },
): Promise<Outcome> {
  // The second factor goes with the rest to the strategy: the session's record keeps it.
  const { callbackUrl, enrolment, generation, ...result } = signIn;
  const confirm = stillAt(ctx.config.adapter, result.user.id, generation);
  const issued = await services.sessions.create(ctx, result, "cookie", confirm);
  if (issued) {
    await reportSignIn(ctx, result, result.secondFactor);
    await alertNewSignIn(ctx, {
      user: result.user,
      method: result.account.provider,
      isNewUser: result.isNewUser,
    });
    await services.signInHooks.after(ctx, services, {
      userId: result.user.id,
      email: result.user.email ?? null,
      method: result.account.provider,
      isNewUser: result.isNewUser,
    });
  }
  if (enrolment && ctx.config.twoFactor.required && !(await twoFactorOn(ctx, result.user.id))) {
    return redirect(formPageUrl(ctx, "two-factor-setup", { callbackUrl }));
  }
  const newUserPage = ctx.config.pages.newUser;
  if (result.isNewUser && newUserPage) {
    const url = new URL(newUserPage, `${ctx.origin}/`);
    url.searchParams.set("callbackUrl", callbackUrl);
    return redirect(url.href);
  }
  return redirect(callbackUrl);
}
