import { issueLink } from "../accounts/account-links.ts";
import { sendInBackground } from "../accounts/account-mail.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { checkEmailUrl } from "../http/check-email-url.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { formFailure, typedValue } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { normalizeEmail } from "../providers/email-address.ts";
import { limit } from "./lib/limit.ts";
import { passwordSettings } from "./lib/password-settings.ts";
import type { Services } from "./services.ts";

/**
 * `POST forgot-password` with `email`: sends a reset link (single use, one hour by default) when the
 * address has an account — also one without a password yet, which then sets its first. The answer
 * is "check your email" either way, in the same time: the lookup is the only work done before it.
 * The link belongs to that user at their present security generation (accounts/account-links.ts).
 */
export async function forgotPasswordAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const settings = passwordSettings(ctx);
  const callbackUrl = await ctx.callbackUrl();
  const email = normalizeEmail(ctx.body.email);
  if (!email) {
    // Back with the address as typed, to correct rather than retype.
    const typed = ctx.jsonMode ? undefined : typedValue(ctx.body.email);
    return formFailure(ctx, "forgot-password", "EmailInvalid", { callbackUrl, email: typed });
  }
  const limited = await limit(ctx, services, "forgotPassword", email);
  if (limited) return limited;
  const adapter = ctx.config.adapter!;
  const user = await callAdapter(adapter, "getUserByEmail", email);
  if (user) {
    sendInBackground(ctx, settings.provider, async () => {
      const link = await issueLink(ctx, adapter, {
        purpose: "reset-password",
        user,
        email,
        maxAge: settings.resetMaxAge,
        callbackUrl,
      });
      return { kind: "reset-password", to: email, url: link.url, expires: link.expires };
    });
  }
  return redirect(checkEmailUrl(ctx, { provider: settings.provider.id, type: "reset-password", email }));
}
