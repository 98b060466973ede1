import { checkUserPassword } from "../../accounts/password-check.ts";
import { resendVerification } from "../../accounts/resend-verification.ts";
import type { Account } from "../../config/options.ts";
import type { PasswordSettings } from "../../config/resolve-password.ts";
import type { Outcome } from "../../http/outcome.ts";
import { failure } from "../../http/page-urls.ts";
import type { RequestContext } from "../../http/request-context.ts";
import { knownDevice, rememberDevice } from "../../limits/known-device.ts";
import type { Attempt } from "../../limits/lockout.ts";
import { normalizeEmail } from "../../providers/email-address.ts";
import type { Services } from "../services.ts";
import { completeSignIn } from "./complete-sign-in.ts";
import { clientOf, limit, tooManyAttempts } from "./limit.ts";

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
  if (!email || typeof password !== "string" || password === "") {
    return failure(ctx, "CredentialsSignin", callbackUrl);
  }
  const limited = await limit(ctx, services, "passwordSignIn");
  if (limited) return limited;

  const { limits } = services;
  const lockout = limits?.lockout ?? null;
  const attempt: Attempt = {
    account: email,
    client: limits ? limits.clientKey(clientOf(ctx)) : null,
    device: await knownDevice(ctx, email),
  };
  if (lockout) {
    const gate = await lockout.check(attempt);
    if ("error" in gate) return tooManyAttempts(ctx, gate);
  }

  const user = await checkUserPassword(ctx, settings, email, password);
  if (!user) {
    if (lockout) {
      await lockout.fail(attempt);
      const now = await lockout.check(attempt);
      if ("error" in now) {
        ctx.config.logger.warn("AccountLocked", {
          account: email,
          client: attempt.client,
          knownDevice: attempt.device !== null,
          retryAfter: now.retryAfterSeconds,
        });
      }
    }
    return failure(ctx, "CredentialsSignin", callbackUrl);
  }
  await lockout?.succeed(attempt);

  if (settings.requireEmailVerification && !user.emailVerified) {
    await resendVerification(ctx, services, {
      sender: settings.provider,
      email,
      maxAge: settings.verifyMaxAge,
      callbackUrl,
    });
    return failure(ctx, "EmailNotVerified", callbackUrl);
  }

  await rememberDevice(ctx, email);
  const account: Account = {
    provider: settings.provider.id,
    type: "credentials",
    providerAccountId: user.id,
  };
  return completeSignIn(ctx, services, {
    provider: settings.provider,
    user: { id: user.id, email: user.email, name: user.name ?? null, image: user.image ?? null },
    account,
  });
}
