import { issueLink } from "../accounts/account-links.ts";
import { sendInBackground } from "../accounts/account-mail.ts";
import { accountMailerOf } from "../accounts/account-mailer.ts";
import { sessionStillStored } from "../accounts/guarded-change.ts";
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
 * How long the old address's "this wasn't me" link works, seconds: well past the confirmation's
 * day, so its owner can still undo a change that went through, yet not so long that whoever holds
 * the old mailbox months later could take the account back with it.
 */
export const CANCEL_MAX_AGE_S = 7 * 24 * 60 * 60;

/**
 * `POST email-change` (JSON) with `email`, for the signed-in user with a recent sign-in: mails a
 * confirmation link to the new address and a notice to the old one; the address changes only when
 * the link is used (`change-email`). The link is bound to the account at its present security
 * generation: a password reset or change, sign-out everywhere, a two-factor change — whatever the
 * owner does on finding someone in their account — voids it. The old address's notice carries
 * "this wasn't me" (`cancel-email-change`). The answer is `{ ok: true }` whether or not the new
 * address has an account already (that account's owner gets a note instead of a link), so this
 * tells nobody which addresses are registered. `EmailInvalid` for an unusable address; 404 without
 * mail.
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
  // The links are bound to `user` as read above: a session ended since (a recovery) fails here,
  // one ended later moved the generation past it (accounts/guarded-change.ts).
  await sessionStillStored(ctx, services, current);
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
      user,
      email,
      maxAge: CONFIRM_MAX_AGE_S,
      callbackUrl,
    });
    return { kind: "confirm-new-email", to: email, url: link.url, expires: link.expires };
  });
  if (user.email) {
    const old = user.email;
    sendInBackground(ctx, sender, async () => {
      const cancel = await issueLink(ctx, adapter, {
        purpose: "cancel-email-change",
        user,
        email: old,
        maxAge: CANCEL_MAX_AGE_S,
        callbackUrl,
      });
      return { kind: "email-change-requested", to: old, url: cancel.url, expires: cancel.expires };
    });
  }
  await recordAudit(ctx, {
    kind: "email-change-requested",
    actorId: user.id,
    subjectId: user.id,
    detail: {},
  });
  return json({ ok: true });
}
