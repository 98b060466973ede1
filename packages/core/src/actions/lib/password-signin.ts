import { checkUserPassword } from "../../accounts/password-check.ts";
import { resendVerification } from "../../accounts/resend-verification.ts";
import { generationOf } from "../../accounts/security-generation.ts";
import { recordSignInFailed } from "../../audit/report-sign-in.ts";
import type { Account } from "../../config/options.ts";
import type { PasswordSettings } from "../../config/resolve-password.ts";
import { clientOf } from "../../http/client-address.ts";
import type { Outcome } from "../../http/outcome.ts";
import { failure, typedValue } from "../../http/page-urls.ts";
import type { RequestContext } from "../../http/request-context.ts";
import { knownDevice, rememberDevice } from "../../limits/known-device.ts";
import type { Attempt } from "../../limits/lockout.ts";
import { normalizeEmail } from "../../providers/email-address.ts";
import type { Services } from "../services.ts";
import { completeSignIn } from "./complete-sign-in.ts";
import { limit, tooManyAttempts } from "./limit.ts";

/**
 * `POST callback/<password id>` with `email` and `password`: the password sign-in. Answers as a
 * credentials sign-in does (Auth.js clients post here): a wrong address and a wrong password are the
 * same `CredentialsSignin`, in the same time. Guarded by the client's rate limit and the account
 * lockout (see limits/lockout.ts), which a known device skips.
 */
export async function passwordSignInAction(
  ctx: RequestContext,
  settings: PasswordSettings,
  services: Services,
): Promise<Outcome> {
  const callbackUrl = await ctx.callbackUrl();
  const email = normalizeEmail(ctx.body.email);
  const password = ctx.body.password;
  // The page shows the address again after a refusal (what was typed, even when malformed); never the password.
  const typed = typedValue(ctx.body.email);
  if (!email || typeof password !== "string" || password === "") {
    return failure(ctx, "CredentialsSignin", callbackUrl, typed);
  }
  const limited = await limit(ctx, services, "passwordSignIn");
  if (limited) return limited;

  const { limits } = services;
  const lockout = limits?.lockout ?? null;
  const method = settings.provider.id;
  const attempt: Attempt = {
    account: email,
    client: limits ? limits.clientKey(clientOf(ctx)) : null,
    device: await knownDevice(ctx, email),
  };
  if (lockout) {
    const gate = await lockout.check(attempt);
    if ("error" in gate) {
      await recordSignInFailed(ctx, { reason: "RateLimited", method, email, detail: { lockout: true } });
      return tooManyAttempts(ctx, gate);
    }
  }

  const user = await checkUserPassword(ctx, settings, email, password);
  if (!user) {
    let locked = false;
    if (lockout) {
      await lockout.fail(attempt);
      const now = await lockout.check(attempt);
      if ("error" in now) {
        locked = true;
        ctx.config.logger.warn("AccountLocked", {
          account: email,
          client: attempt.client,
          knownDevice: attempt.device !== null,
          retryAfter: now.retryAfterSeconds,
        });
      }
    }
    // Unknown address and wrong password alike; the typed address itself is never stored.
    await recordSignInFailed(ctx, { reason: "CredentialsSignin", method, email, detail: { locked } });
    return failure(ctx, "CredentialsSignin", callbackUrl, typed);
  }
  await lockout?.succeed(attempt);

  if (settings.requireEmailVerification && !user.emailVerified) {
    await resendVerification(ctx, services, {
      sender: settings.provider,
      user,
      email,
      maxAge: settings.verifyMaxAge,
      callbackUrl,
    });
    await recordSignInFailed(ctx, { reason: "EmailNotVerified", method, userId: user.id });
    return failure(ctx, "EmailNotVerified", callbackUrl, typed);
  }

  await rememberDevice(ctx, email);
  const account: Account = {
    provider: method,
    type: "credentials",
    providerAccountId: user.id,
  };
  // The generation as read before the password was checked: a claim or reset that removed this
  // password meanwhile moved it, and no session is made (`issueSession`).
  return completeSignIn(
    ctx,
    services,
    {
      provider: settings.provider,
      user: { id: user.id, email: user.email, name: user.name ?? null, image: user.image ?? null },
      account,
    },
    { generation: generationOf(user) },
  );
}
