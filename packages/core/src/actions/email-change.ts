import { issueLink } from "../accounts/account-links.ts";
import { sendInBackground } from "../accounts/account-mail.ts";
import { accountMailerOf } from "../accounts/account-mailer.ts";
import { requireRecentSignIn } from "../accounts/recent-sign-in.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import { formPageUrl } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { normalizeEmail } from "../providers/email-address.ts";
import { accountUser } from "./lib/account-user.ts";
import { limit } from "./lib/limit.ts";
import type { Services } from "./services.ts";

/** How long the new address's confirmation link works, seconds. */
const CONFIRM_MAX_AGE_S = 24 * 60 * 60;

/**
 * `POST email-change` (JSON) with `email`, for the signed-in user with a recent sign-in: mails a
 * confirmation link to the new address and a notice to the old one; the address changes only when
 * the link is used (`change-email`). The answer is `{ ok: true }` whether or not the new address
 * has an account already (that account's owner gets a note instead of a link), so this tells
 * nobody which addresses are registered. `EmailInvalid` for an unusable address; 404 without mail.
 */
export async function emailChangeAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const sender = accountMailerOf(ctx);
  if (!sender) throw new AuthError("UnknownAction", { cause: "no mail sender for account mails" });
  const { user, current } = await accountUser(ctx, services);
  await requireRecentSignIn(ctx, services, current);
  const email = normalizeEmail(ctx.body.email);
  if (!email) throw new AuthError("EmailInvalid");
  const limited = await limit(ctx, services, "emailChange", user.id);
  if (limited) return limited;
  if (email === user.email) return json({ ok: true });
  const adapter = ctx.config.adapter!;
  const callbackUrl = await ctx.callbackUrl();
  sendInBackground(ctx, sender, async () => {
    if (await callAdapter(adapter, "getUserByEmail", email)) {
      return {
        kind: "account-exists",
        to: email,
        url: formPageUrl(ctx, "forgot-password", {}),
        expires: null,
      };
    }
    const link = await issueLink(ctx, adapter, {
      purpose: "change-email",
      email,
      userId: user.id,
      maxAge: CONFIRM_MAX_AGE_S,
      callbackUrl,
    });
    return { kind: "confirm-new-email", to: email, url: link.url, expires: link.expires };
  });
  if (user.email) {
    const old = user.email;
    sendInBackground(ctx, sender, async () => ({
      kind: "email-change-requested",
      to: old,
      url: formPageUrl(ctx, "forgot-password", {}),
      expires: null,
    }));
  }
  await recordAudit(ctx, {
    kind: "email-change-requested",
    actorId: user.id,
    subjectId: user.id,
    detail: {},
  });
  return json({ ok: true });
}
