import type { RequestContext } from "../../http/request-context.ts";
import type { Services } from "../services.ts";

/**
 * Who an OAuth sign-in links the provider's account to, or null when it is a sign-in
 * (docs/protocol.md §9): the user who started the flow signed in (`linkUserId`, sealed in its check
 * cookies at `signin/<id>`), and only while the callback's session cookie is still that user's.
 *
 * Any other session at the callback — set in the browser during the flow (login CSRF, a cookie
 * planted from a sibling subdomain), or another person's signed in meanwhile — never receives the
 * account: the flow is then a sign-in by Auth.js's rules (a known account signs its owner in), and
 * its new session replaces (and ends) that one. The provider proved who the person is in this very
 * flow, bound to this browser by state and PKCE, so the person ends up as themselves, never as the
 * session's owner. Logged as `OAuthSessionMismatch`: a planted session shows up there.
 */
export async function linkingUser(
  ctx: RequestContext,
  services: Services,
  linkUserId: string | null,
): Promise<string | null> {
  const signedIn = await services.sessions.cookieUserId(ctx);
  if (linkUserId !== null && signedIn === linkUserId) return linkUserId;
  if (signedIn !== null) {
    ctx.config.logger.warn("OAuthSessionMismatch", { startedBy: linkUserId, signedIn });
  }
  return null;
}
