import type { Services } from "../actions/services.ts";
import type { AdapterUser } from "../adapter/adapter.ts";
import { clientOf } from "../http/client-address.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { PasswordMail } from "../providers/password.ts";
import { issueLink } from "./account-links.ts";
import { sendInBackground } from "./account-mail.ts";

/**
 * A sign-in with the right credential to an account whose address is not verified (while the
 * configuration asks for verification): a new link goes out in the background, at most as often as
 * the `resendVerification` limit allows. The caller answers `EmailNotVerified` either way.
 */
export async function resendVerification(
  ctx: RequestContext,
  { limits }: Services,
  input: {
    sender: { sendMail(mail: PasswordMail): unknown };
    /** The unverified user, as read for this sign-in: the link confirms this account. */
    user: AdapterUser;
    email: string;
    /** Seconds the link lives. */
    maxAge: number;
    callbackUrl: string;
  },
): Promise<void> {
  const { user, email, maxAge, callbackUrl } = input;
  const allowed = limits ? await limits.check("resendVerification", clientOf(ctx), email) : { ok: true };
  if ("error" in allowed) return;
  const adapter = ctx.config.adapter!;
  sendInBackground(ctx, input.sender, async () => {
    const link = await issueLink(ctx, adapter, { purpose: "verify-email", user, email, maxAge, callbackUrl });
    return { kind: "verify-email", to: email, url: link.url, expires: link.expires };
  });
}
