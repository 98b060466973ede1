import type { RequestContext } from "./request-context.ts";

/** What a "check your email" page is about: a sign-in link, a sign-up's confirmation, a reset. */
export type CheckEmailKind = "email" | "signup" | "reset-password";

/**
 * URL of the "check your email" page (`BASE/verify-request`), as Auth.js names it (`provider`,
 * `type`), plus the address the mail went to, for the page to show and to send again, and `resent`
 * when the form that led here was that page's own "send again" (its hidden `resent` field).
 */
export function checkEmailUrl(
  ctx: RequestContext,
  params: { provider: string; type: CheckEmailKind; email: string },
): string {
  const next = new URL(`${ctx.baseUrl}/verify-request`);
  next.searchParams.set("provider", params.provider);
  next.searchParams.set("type", params.type);
  next.searchParams.set("email", params.email);
  if (ctx.body.resent === "1") next.searchParams.set("resent", "1");
  return next.href;
}
