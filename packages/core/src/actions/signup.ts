import { issueLink } from "../accounts/account-links.ts";
import { sendInBackground } from "../accounts/account-mail.ts";
import { hashNewPassword } from "../accounts/password-check.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { reportNewUserInBackground } from "../audit/report-account.ts";
import { checkEmailUrl } from "../http/check-email-url.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { formFailure, formPageUrl, typedValue } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { normalizeEmail } from "../providers/email-address.ts";
import { limit } from "./lib/limit.ts";
import { field, passwordSettings } from "./lib/password-settings.ts";
import type { Services } from "./services.ts";

/** Names longer than this are cut: a display name, not a document. */
const NAME_LIMIT = 200;

/**
 * `POST signup` with `email`, `password` and an optional `name`. The answer is the same whether or
 * not the address has an account — "check your email" — and takes the same time (the password is
 * hashed and the insert tried either way; the mail goes out in the background): a new account gets a
 * verification link, an existing one a note that someone tried to sign up with it. Two sign-ups for
 * one address at once create one account (the storage's unique index decides).
 */
export async function signUpAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const settings = passwordSettings(ctx);
  const callbackUrl = await ctx.callbackUrl();
  const email = normalizeEmail(ctx.body.email);
  // A refused form comes back with the address and name as typed (never the password).
  const typed = ctx.jsonMode
    ? {}
    : { email: typedValue(ctx.body.email), name: typedValue(ctx.body.name)?.slice(0, NAME_LIMIT) };
  if (!email) return formFailure(ctx, "signup", "EmailInvalid", { callbackUrl, ...typed });
  const limited = await limit(ctx, services, "signUp", email);
  if (limited) return limited;
  const password = field(ctx, "password");
  const refused = await settings.checkNewPassword(password);
  if (refused) return formFailure(ctx, "signup", refused, { callbackUrl, ...typed });

  const adapter = ctx.config.adapter!;
  const name = field(ctx, "name").trim().slice(0, NAME_LIMIT) || null;
  const created = await callAdapter(
    adapter,
    "createUserWithPassword",
    { email, name, emailVerified: null, image: null },
    await hashNewPassword(settings, password),
  );
  sendInBackground(ctx, settings.provider, async () => {
    if (!created) {
      return {
        kind: "account-exists",
        to: email,
        url: formPageUrl(ctx, "forgot-password", { callbackUrl }),
        expires: null,
      };
    }
    const link = await issueLink(ctx, adapter, {
      purpose: "verify-email",
      user: created,
      email,
      maxAge: settings.verifyMaxAge,
      callbackUrl,
    });
    return { kind: "verify-email", to: email, url: link.url, expires: link.expires };
  });
  if (created) ctx.config.logger.debug?.("SignUp", { userId: created.id });
  if (created) reportNewUserInBackground(ctx, created, { method: settings.provider.id });
  return redirect(checkEmailUrl(ctx, { provider: settings.provider.id, type: "signup", email }));
}
