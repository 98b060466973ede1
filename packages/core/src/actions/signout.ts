import { prepareSignOutReport } from "../audit/report-sign-out.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { prepareEndSession } from "../logout/end-session.ts";
import { startSignOutRevocations } from "../tokens/sign-out-revocation.ts";
import type { RouteOf } from "./endpoint.ts";
import type { Services } from "./services.ts";

/**
 * `POST signout` (CSRF-checked by the action table): ends the session and clears every session cookie
 * chunk, then goes to the callback URL — or to the provider's logout page (`endSession`).
 */
export async function signOutAction(
  ctx: RequestContext,
  _route: RouteOf<"signout", "absent">,
  { sessions, oauth }: Services,
): Promise<Outcome> {
  const callbackUrl = await ctx.callbackUrl();
  // Both halves below need who is signed in: one lookup (a database read) serves them.
  let userId: Promise<string | null> | undefined;
  const current = { userId: () => (userId ??= sessions.userId(ctx)) };
  // Provider revocation (`revokeTokens`) needs the user id, so it starts before the session goes; the
  // session is destroyed whatever the providers do, and they are waited for concurrently, bounded.
  const revocations = await startSignOutRevocations({ config: ctx.config, oauth }, ctx, current);
  // RP-initiated logout (`endSession`) reads the stored ID token before the session goes, too.
  const toProvider = await prepareEndSession(ctx, current, oauth);
  // The audit entry and the `signOut` event say whose session it was: read before it goes, too.
  const report = await prepareSignOutReport(ctx, current);
  await sessions.destroy(ctx, "cookie");
  await revocations();
  await report();
  return redirect((await toProvider(callbackUrl)) ?? callbackUrl);
}
