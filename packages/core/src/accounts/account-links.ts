import type { Adapter, AdapterUser } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import type { RequestContext } from "../http/request-context.ts";
import { createSessionToken, hashToken } from "../session/session-token.ts";
import { generationOf } from "./security-generation.ts";

/**
 * What a link in an account mail does. Part of the stored identifier, so one purpose's token never
 * works for another. A new kind of link (an invitation, say) is one more purpose here: it gets the
 * same binding to an account and its generation.
 */
export type LinkPurpose = "verify-email" | "reset-password" | "change-email" | "cancel-email-change";

/** The longest user id a link may name: ids are UUIDs; anything longer is not one of ours. */
const MAX_USER_ID_LENGTH = 255;

/**
 * The account state a link is bound to, part of its stored identifier. The check is at use: the
 * identifier is rebuilt from the account as it is then, so a link issued in another state matches
 * no stored token — whatever was deleted or not.
 *
 * - Most links: the account's security generation. A password, passkey or two-factor change, a
 *   recovery, sign-out everywhere, an email change or a disable moves it on and voids them.
 * - A reset link of an unverified account: "unverified" instead. Whoever uses it proves the address
 *   and claims the account, stripping what the unproven party set — who, signed in to the account,
 *   could otherwise void the owner's link at will by moving the generation. Claimed or verified
 *   any other way, the account leaves that state and the link is void.
 * - "This wasn't me" (`cancel-email-change`): the account only. It must outlive what an attacker
 *   does with the account after the mail went out — completing the change moves the generation.
 */
function bindingOf(purpose: LinkPurpose, user: AdapterUser): string {
  if (purpose === "cancel-email-change") return "account";
  if (purpose === "reset-password" && !user.emailVerified) return "unverified";
  return `g${generationOf(user)}`;
}

function identifier(purpose: LinkPurpose, user: AdapterUser, email: string): string {
  // Sign-in links are stored under the bare address; these never collide with them.
  return `${purpose}:${user.id}:${bindingOf(purpose, user)}:${email}`;
}

/** What one link is for, whose it is, and where it leads. */
export interface AccountLink {
  purpose: LinkPurpose;
  /** The account, as read when the request that asks for the link was checked: its id and generation bind the link. */
  user: AdapterUser;
  /** Normalised: the address the mail goes to (for `change-email`, the new one). */
  email: string;
  /** Seconds. */
  maxAge: number;
  callbackUrl: string;
}

/**
 * Stores a single-use token for `purpose` (hashed, as every verification token) and returns the link
 * to `BASE/<purpose>?token&email&user&callbackUrl`, which opens a page: only that page's POST uses
 * the token.
 */
export function issueLink(
  ctx: RequestContext,
  adapter: Adapter,
  link: AccountLink,
): Promise<{ url: string; expires: Date }> {
  return createAccountLink(adapter, link, { baseUrl: ctx.baseUrl, now: ctx.now });
}

/** `issueLink` outside a request: the auth endpoint's public URL and the time are given. */
export async function createAccountLink(
  adapter: Adapter,
  link: AccountLink,
  at: { baseUrl: string; now: number },
): Promise<{ url: string; expires: Date }> {
  const token = createSessionToken();
  const expires = new Date(at.now + link.maxAge * 1000);
  await callAdapter(adapter, "createVerificationToken", {
    identifier: identifier(link.purpose, link.user, link.email),
    token: await hashToken(token),
    expires,
  });
  const url = new URL(`${at.baseUrl}/${link.purpose}`);
  url.searchParams.set("token", token);
  url.searchParams.set("email", link.email);
  url.searchParams.set("user", link.user.id);
  url.searchParams.set("callbackUrl", link.callbackUrl);
  return { url: url.href, expires };
}

/**
 * Uses up a link's token: the account it belongs to, as read just before (the caller compares or
 * moves on its generation from there), when the token was stored for this purpose, address,
 * account and the account's present state and has not expired; else null. A link of a state the
 * account has left matches nothing and stays unused — it can never match again.
 */
export async function consumeLink(
  ctx: RequestContext,
  adapter: Adapter,
  link: { purpose: LinkPurpose; email: string; token: string; userId: string },
): Promise<AdapterUser | null> {
  const { token, userId } = link;
  if (token.length === 0 || token.length > 512) return null;
  if (userId.length === 0 || userId.length > MAX_USER_ID_LENGTH) return null;
  const user = await callAdapter(adapter, "getUser", userId);
  if (!user) return null;
  const used = await callAdapter(adapter, "useVerificationToken", {
    identifier: identifier(link.purpose, user, link.email),
    token: await hashToken(token),
  });
  return used !== null && used.expires.getTime() > ctx.now ? user : null;
}
