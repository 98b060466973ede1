import type { Adapter } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import type { RequestContext } from "../http/request-context.ts";
import { createSessionToken, hashToken } from "../session/session-token.ts";

/** What a link in an account mail does. Part of the stored identifier, so one purpose's token never works for another. */
export type LinkPurpose = "verify-email" | "reset-password" | "change-email";

function identifier(purpose: LinkPurpose, email: string, userId?: string): string {
  // Sign-in links are stored under the bare address; these never collide with them. An email change
  // is bound to the account that asked for it too.
  return userId === undefined ? `${purpose}:${email}` : `${purpose}:${userId}:${email}`;
}

/** What one link is for, and where it leads. */
export interface AccountLink {
  purpose: LinkPurpose;
  /** Normalised. */
  email: string;
  /** Seconds. */
  maxAge: number;
  callbackUrl: string;
  /** `change-email`: the account whose address changes (also in the link, as `user`). */
  userId?: string;
}

/**
 * Stores a single-use token for `purpose` (hashed, as every verification token) and returns the link
 * to `BASE/<purpose>?token&email&callbackUrl`, which opens a page: only that page's POST uses the token.
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
    identifier: identifier(link.purpose, link.email, link.userId),
    token: await hashToken(token),
    expires,
  });
  const url = new URL(`${at.baseUrl}/${link.purpose}`);
  url.searchParams.set("token", token);
  url.searchParams.set("email", link.email);
  if (link.userId !== undefined) url.searchParams.set("user", link.userId);
  url.searchParams.set("callbackUrl", link.callbackUrl);
  return { url: url.href, expires };
}

/** Uses up a link's token: true when it was stored for this purpose and address and has not expired. */
export async function consumeLink(
  ctx: RequestContext,
  adapter: Adapter,
  link: { purpose: LinkPurpose; email: string; token: string; userId?: string },
): Promise<boolean> {
  if (link.token.length === 0 || link.token.length > 512) return false;
  const used = await callAdapter(adapter, "useVerificationToken", {
    identifier: identifier(link.purpose, link.email, link.userId),
    token: await hashToken(link.token),
  });
  return used !== null && used.expires.getTime() > ctx.now;
}
