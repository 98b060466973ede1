import { issueLink } from "../accounts/account-links.ts";
import { sendInBackground } from "../accounts/account-mail.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { formFailure } from "../http/page-urls.ts";
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
  if (!email) return formFailure(ctx, "forgot-password", "EmailInvalid", { callbackUrl });
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
  const next = new URL(`${ctx.baseUrl}/verify-request`);
  next.searchParams.set("provider", settings.provider.id);
  next.searchParams.set("type", "reset-password");
  return redirect(next.href);
}
