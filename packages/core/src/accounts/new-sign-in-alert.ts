import { clientAddressOf, userAgentOf } from "../http/client-address.ts";
import { formPageUrl } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { toHex, utf8 } from "../lib/encoding.ts";
import type { User } from "../providers/types.ts";
import { sendInBackground } from "./account-mail.ts";
import { accountMailerOf } from "./account-mailer.ts";

const PURPOSE = "gatehouse.seen-by";
/** A browser remembers who signed in on it for a year after the last time. */
const MAX_AGE_S = 365 * 24 * 60 * 60;
/** Users one browser remembers; the oldest is forgotten first (a shared family computer). */
const MAX_USERS = 8;

function cookieName(ctx: RequestContext): string {
  return `${ctx.secure ? "__Host-" : ""}${ctx.config.cookiePrefix}.seen-by`;
}

/**
 * Whether the audit log has a sign-in of the user before this one (which was just recorded). Without
 * an audit log, assume so: better one mail too many than a stranger's sign-in unmentioned.
 */
async function signedInBefore(ctx: RequestContext, userId: string): Promise<boolean> {
  const adapter = ctx.config.adapter;
  if (!ctx.config.audit || typeof adapter?.queryAudit !== "function") return true;
  try {
    const { entries } = await adapter.queryAudit({ userId, kinds: ["sign-in"], limit: 2 });
    return entries.length > 1;
  } catch {
    return true;
  }
}

/** A keyed hash of the user id: only this app makes one, and it names no one to a reader. */
async function mark(ctx: RequestContext, userId: string): Promise<string> {
  const [key] = await ctx.config.keys.macKeys(PURPOSE);
  const mac = await crypto.subtle.sign("HMAC", key!.key, utf8.encode(userId));
  return toHex(new Uint8Array(mac)).slice(0, 32);
}

/**
 * After a sign-in of a user who existed before: when this browser has not signed in as them before
 * (its `<prefix>.seen-by` cookie holds no mark for them), they get a "new sign-in" mail — when, from
 * where, with what browser, and a link to reset the password if it was not them. Then the browser
 * remembers them. On by default when the app can send account mails; `account.newSignInAlert: false`
 * turns it off. The mail goes out in the background: it never slows or fails the sign-in.
 */
export async function alertNewSignIn(
  ctx: RequestContext,
  signIn: { user: User; method: string; isNewUser: boolean },
): Promise<void> {
  const { user, method } = signIn;
  const sender = accountMailerOf(ctx);
  if (!ctx.config.account.newSignInAlert || !sender || !user.email) return;
  const own = await mark(ctx, user.id);
  const seen = (ctx.cookies.get(cookieName(ctx)) ?? "")
    .split(".")
    .filter((entry) => /^[0-9a-f]{32}$/.test(entry));
  const known = seen.includes(own);
  const kept = [own, ...seen.filter((entry) => entry !== own)].slice(0, MAX_USERS);
  ctx.out.set(cookieName(ctx), kept.join("."), {
    maxAge: MAX_AGE_S,
    expires: new Date(ctx.now + MAX_AGE_S * 1000),
  });
  // A new account's first browser is where it was made, and an account's very first sign-in (after
  // sign-up by link) is expected: nothing to tell.
  if (known || signIn.isNewUser || !(await signedInBefore(ctx, user.id))) return;
  const to = user.email;
  const detail = { at: new Date(ctx.now), ip: clientAddressOf(ctx), userAgent: userAgentOf(ctx), method };
  sendInBackground(ctx, sender, async () => ({
    kind: "new-sign-in",
    to,
    url: formPageUrl(ctx, "forgot-password", {}),
    expires: null,
    detail,
  }));
}
