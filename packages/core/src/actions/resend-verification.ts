import { resendVerification } from "../accounts/resend-verification.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { checkEmailUrl } from "../http/check-email-url.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { formFailure } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { normalizeEmail } from "../providers/email-address.ts";
import { limit } from "./lib/limit.ts";
import { passwordSettings } from "./lib/password-settings.ts";
import type { Services } from "./services.ts";

/**
 * `POST resend-verification` with `email`: the "send again" of the "check your email" page after a
 * sign-up. A new confirmation link goes to an account with that address that is not confirmed yet
 * (at most as often as the `resendVerification` limit allows); the answer is "check your email"
 * either way, in the same time (one lookup), so the form tells nobody which addresses have accounts.
 */
export async function resendVerificationAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const settings = passwordSettings(ctx);
  const callbackUrl = await ctx.callbackUrl();
  const email = normalizeEmail(ctx.body.email);
  if (!email) return formFailure(ctx, "signup", "EmailInvalid", { callbackUrl });
  // Counted as a sign-up: the same mail to the same address, from the same network.
  const limited = await limit(ctx, services, "signUp", email);
  if (limited) return limited;
  const user = await callAdapter(ctx.config.adapter!, "getUserByEmail", email);
  if (user && !user.emailVerified) {
    await resendVerification(ctx, services, {
      sender: settings.provider,
      user,
      email,
      maxAge: settings.verifyMaxAge,
      callbackUrl,
    });
  }
  return redirect(checkEmailUrl(ctx, { provider: settings.provider.id, type: "signup", email }));
}
