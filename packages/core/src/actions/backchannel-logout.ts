import type { Adapter } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { oauthError } from "../http/oauth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { type LogoutClaims, verifyLogoutToken } from "../logout/logout-token.ts";
import { resolveAuthorizationServer } from "../oauth/lib/authorization-server.ts";
import { safeCause } from "../oauth/lib/safe-cause.ts";
import type { RouteOf } from "./endpoint.ts";
import type { Services } from "./services.ts";

/**
 * `POST BASE/backchannel-logout/<id>` (OpenID Back-Channel Logout 1.0): the provider, server to server,
 * posts a `logout_token`; once it verifies, every database session of the user it names — by `sub`
 * (the account's provider account id) or by the `sid` recorded at sign-in — is deleted. No CSRF token:
 * the caller is the provider, and the signed token is the proof. Answers 200 on success, 400
 * `invalid_request` for any token it refuses, 503 when storage fails (the provider may retry), and 501
 * under the jwt session strategy, where sessions live only in the browser's cookie and there is
 * nothing on the server to end. Never throws.
 */
export async function backchannelLogoutAction(
  ctx: RequestContext,
  { providerId }: RouteOf<"backchannel-logout", "required">,
  deps: Services,
): Promise<Outcome> {
  const { config } = ctx;
  const refuse = (reason: string): Outcome => {
    config.logger.warn("BackchannelLogout", `provider "${providerId}": ${reason}`);
    return oauthError("LogoutTokenInvalid");
  };
  const provider = config.providers.get(providerId);
  if (provider?.type !== "oidc" || provider.backchannelLogout !== true) {
    return refuse("back-channel logout is not enabled for this provider");
  }
  const token = ctx.body.logout_token;
  if (typeof token !== "string" || token === "") return refuse("no logout_token");

  let claims: LogoutClaims;
  try {
    const client = await deps.oauth.client(provider);
    if (client === null) return refuse("no client is registered yet");
    const { runtime, discovery } = deps.oauth;
    const as = await resolveAuthorizationServer(client, runtime, discovery);
    const verified = await verifyLogoutToken(token, { as, clientId: client.clientId, runtime, discovery });
    if (!verified.ok) return refuse(verified.reason);
    claims = verified.claims;
  } catch (error) {
    return refuse(`cannot verify: ${describeCause(error)}`);
  }
  if (!deps.replays.firstUse(`${claims.iss} ${claims.jti}`, ctx.now)) return refuse("jti replayed");

  const adapter = config.adapter;
  if (config.session.strategy !== "database" || adapter === null) {
    config.logger.warn(
      "BackchannelLogout",
      `provider "${providerId}": the jwt session strategy keeps no server-side session to end`,
    );
    return oauthError("BackchannelLogoutUnsupported");
  }
  try {
    const ended = await endSessions(adapter, providerId, claims);
    config.logger.debug?.("BackchannelLogout", `provider "${providerId}": ${ended} session(s) ended`);
    return json({}, 200);
  } catch (error) {
    config.logger.error("BackchannelLogout", `provider "${providerId}": ${describeCause(error)}`);
    return oauthError("BackchannelLogoutUnavailable");
  }
}

/** Every session of the user(s) the token names; `sub` and `sid` normally name the same one. */
async function endSessions(adapter: Adapter, provider: string, claims: LogoutClaims): Promise<number> {
  const userIds = new Set<string>();
  if (claims.sub !== undefined) {
    const user = await callAdapter(adapter, "getUserByAccount", { provider, providerAccountId: claims.sub });
    if (user) userIds.add(user.id);
  }
  if (claims.sid !== undefined && typeof adapter.getUserByAccountSessionState === "function") {
    const user = await callAdapter(adapter, "getUserByAccountSessionState", {
      provider,
      sessionState: claims.sid,
    });
    if (user) userIds.add(user.id);
  }
  let ended = 0;
  for (const userId of userIds) ended += await callAdapter(adapter, "deleteSessionsByUserId", userId);
  return ended;
}

function describeCause(error: unknown): string {
  const cause = safeCause(error instanceof Error && "cause" in error && error.cause ? error.cause : error);
  return typeof cause === "string" ? cause : `${cause.name}: ${cause.message}`;
}
