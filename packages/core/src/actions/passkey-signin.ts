import { resendVerification } from "../accounts/resend-verification.ts";
import { generationOf } from "../accounts/security-generation.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordSignInFailed } from "../audit/report-sign-in.ts";
import type { Account } from "../config/options.ts";
import type { Outcome } from "../http/outcome.ts";
import { failure } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { parseAuthenticationResponse } from "../passkeys/response-json.ts";
import { decideSignIn, finishSignIn } from "./lib/complete-sign-in.ts";
import { limit } from "./lib/limit.ts";
import { credentialField, passkeySettings, scriptAnswer, takeCeremony } from "./lib/passkeys.ts";
import type { Services } from "./services.ts";

/** The `account.provider` of a passkey sign-in, as the `signIn` callback and `GET providers` see it. */
export const PASSKEY_PROVIDER_ID = "passkey";

/**
 * `POST passkey-signin` (JSON) with `response` (the assertion's JSON) and `callbackUrl`: a sign-in
 * with a passkey. The challenge comes from this browser's cookie and is spent first; the assertion
 * must verify against the stored passkey it names (origin, RP ID, signature, user handle, user
 * verification, a growing counter). A verified passkey counts as both factors: no two-factor step.
 * Answers `{ url }` (where to go) or `{ error: "PasskeyInvalid" }` (401), the reason only logged.
 */
export async function passkeySignInAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  return scriptAnswer(ctx, await passkeySignIn(ctx, services, credentialField(ctx)));
}

/**
 * The sign-in itself, for this endpoint and Auth.js v5's `POST callback/passkey`: the person goes on
 * as a redirect (`finishSignIn`) or is refused as one (`failure`). `credential`: the body's
 * credential field (`credentialField`).
 */
export async function passkeySignIn(
  ctx: RequestContext,
  services: Services,
  credential: unknown,
): Promise<Outcome> {
  const { settings, adapter } = passkeySettings(ctx);
  const callbackUrl = await ctx.callbackUrl();
  const limited = await limit(ctx, services, "passkeySignIn");
  if (limited) return limited;
  const ceremony = await takeCeremony(ctx, services, "authenticate");
  if (!ceremony) return refuse(ctx, "no challenge cookie that opens, or one already used", callbackUrl);
  const response = parseAuthenticationResponse(credential);
  if (!response) return refuse(ctx, "the response is not an authentication credential", callbackUrl);
  const passkey = await callAdapter(adapter, "getPasskey", response.id);
  if (!passkey) return refuse(ctx, "no passkey has this credential id", callbackUrl);
  const result = await settings.webAuthn.verifyAuthentication({
    response,
    expectedChallenge: ceremony.challenge,
    rp: settings.rp,
    passkey,
  });
  if ("error" in result) {
    if (result.counterRegressed) {
      ctx.config.logger.warn("PasskeyCounterRegressed", { userId: passkey.userId, passkeyId: passkey.id });
    }
    return refuse(ctx, result.cause, callbackUrl, passkey.userId);
  }
  // Read before the passkey is used: a claim of the account that removes this passkey after this
  // read moves the generation (no session, `issueSession`); one before it makes `usePasskey` fail.
  const user = await callAdapter(adapter, "getUser", passkey.userId);
  if (!user) return refuse(ctx, "the passkey's user is gone", callbackUrl);
  // The atomic check: of two sign-ins with one counter value, one wins.
  if (!(await callAdapter(adapter, "usePasskey", passkey.id, result.newCounter, new Date(ctx.now)))) {
    ctx.config.logger.warn("PasskeyCounterRegressed", { userId: passkey.userId, passkeyId: passkey.id });
    return refuse(ctx, "the counter was used by another sign-in", callbackUrl, passkey.userId);
  }
  if (settings.requireEmailVerification && !user.emailVerified && user.email) {
    await resendVerification(ctx, services, {
      sender: settings,
      user,
      email: user.email,
      maxAge: settings.verifyMaxAge,
      callbackUrl,
    });
    await recordSignInFailed(ctx, {
      reason: "EmailNotVerified",
      method: PASSKEY_PROVIDER_ID,
      userId: user.id,
    });
    return failure(ctx, "EmailNotVerified", callbackUrl);
  }
  const account: Account = { provider: PASSKEY_PROVIDER_ID, type: "webauthn", providerAccountId: passkey.id };
  const signInUser = { id: user.id, email: user.email, name: user.name ?? null, image: user.image ?? null };
  const refused = await decideSignIn(ctx, { user: signInUser, account }, user.id);
  if (refused) return refused;
  return finishSignIn(ctx, services, {
    user,
    account,
    isNewUser: false,
    callbackUrl,
    bothFactors: true,
    generation: generationOf(user),
  });
}

/** A refused passkey: logged with the cause, audited without it (the cause is for the log only). */
async function refuse(
  ctx: RequestContext,
  cause: string,
  callbackUrl: string,
  userId?: string,
): Promise<Outcome> {
  ctx.config.logger.warn("PasskeySignInFailed", userId ? { cause, userId } : { cause });
  await recordSignInFailed(ctx, {
    reason: "PasskeyInvalid",
    method: PASSKEY_PROVIDER_ID,
    userId: userId ?? null,
  });
  return failure(ctx, "PasskeyInvalid", callbackUrl);
}
