import { recordSignInFailed } from "../audit/report-sign-in.ts";
import type { Account } from "../config/options.ts";
import { AuthError } from "../errors/auth-error.ts";
import { isCoreErrorCode } from "../errors/catalogue.ts";
import { describe } from "../errors/describe.ts";
import { MethodNotAllowed } from "../errors/method-not-allowed.ts";
import type { Outcome } from "../http/outcome.ts";
import { failure } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { openChecks } from "../oauth/check-cookies.ts";
import { spendFlow } from "../oauth/spend-flow.ts";
import type { CredentialsProviderConfig, OAuthProviderConfig, User } from "../providers/types.ts";
import type { RouteOf } from "./endpoint.ts";
import { completeSignIn } from "./lib/complete-sign-in.ts";
import { emailCallbackAction, emailConfirmPageAction } from "./lib/email.ts";
import { callbackParams, relayFormPost } from "./lib/form-post-relay.ts";
import { limit } from "./lib/limit.ts";
import { passwordSignInAction } from "./lib/password-signin.ts";
import { passkeyCallback } from "./passkey-callback.ts";
import { PASSKEY_PROVIDER_ID } from "./passkey-signin.ts";
import type { Services } from "./services.ts";

/**
 * `GET|POST callback/<id>`: the provider's return (OAuth/OIDC), a credentials form, or (with passkeys
 * on) the end of Auth.js v5's WebAuthn ceremony at `callback/passkey`.
 */
export async function callbackAction(
  ctx: RequestContext,
  { providerId }: RouteOf<"callback", "required">,
  services: Services,
): Promise<Outcome> {
  if (providerId === PASSKEY_PROVIDER_ID && ctx.config.passkeys) return passkeyCallback(ctx, services);
  const provider = ctx.config.providers.get(providerId);
  if (!provider) throw new AuthError("UnknownProvider");
  if (provider.type === "credentials") return credentialsCallback(ctx, provider, services);
  if (provider.type === "password") {
    if (ctx.request.method !== "POST") throw new MethodNotAllowed(["POST"]);
    return passwordSignInAction(ctx, ctx.config.password!, services);
  }
  if (provider.type === "email") {
    return ctx.request.method === "POST"
      ? emailCallbackAction(ctx, provider, services)
      : emailConfirmPageAction(ctx, provider);
  }
  return oauthCallback(ctx, provider, services);
}

/**
 * OAuth return: protected by state, PKCE and nonce rather than the CSRF token (the provider, not our
 * form, sends the person here). Check cookies are cleared whatever the outcome. The flow is spent
 * before its code is exchanged, so a copy of this request makes no second session; and it links the
 * provider's account only for the user who started it signed in (`linkUserId`, docs/protocol.md §9).
 */
async function oauthCallback(
  ctx: RequestContext,
  provider: OAuthProviderConfig,
  services: Services,
): Promise<Outcome> {
  // form_post: a cross-site POST carries no check cookie; bounce it once through our own origin.
  const relay = relayFormPost(ctx, provider.id);
  if (relay) return relay;
  const { checks, flow } = await openChecks(ctx, provider.id);
  const params = callbackParams(ctx);
  // Without a flow there is nothing to spend, and the exchange below fails on the missing checks.
  if (flow && (await spendFlow(services.claims, flow.id, ctx.now)) === "replayed") {
    ctx.config.logger.warn("OAuthCallbackReplayed", { provider: provider.id });
    await recordSignInFailed(ctx, { reason: "OAuthCallbackReplayed", method: provider.id });
    return failure(ctx, "OAuthCallbackReplayed");
  }
  let result: Awaited<ReturnType<Services["oauth"]["complete"]>>;
  try {
    result = await services.oauth.complete(provider, {
      redirectUri: `${ctx.baseUrl}/callback/${provider.id}`,
      params,
      checks,
    });
  } catch (error) {
    ctx.config.logger.error("OAuthCallback", describe(error));
    return failure(
      ctx,
      error instanceof AuthError && isCoreErrorCode(error.code) ? error.code : "OAuthCallback",
    );
  }
  const account: Account = {
    ...result.tokens,
    provider: provider.id,
    type: provider.type,
    providerAccountId: result.user.id,
    // The ID token's `sid`: a back-channel logout token may name only that provider session.
    ...(provider.type === "oidc" && typeof result.profile.sid === "string"
      ? { session_state: result.profile.sid }
      : {}),
  };
  return completeSignIn(
    ctx,
    services,
    { provider, user: result.user, account, profile: result.profile },
    { linkUserId: flow?.linkUserId ?? null },
  );
}

/**
 * Credentials form: CSRF-checked by the action table (a cross-site form must not sign the person in
 * as the attacker).
 */
async function credentialsCallback(
  ctx: RequestContext,
  provider: CredentialsProviderConfig,
  services: Services,
): Promise<Outcome> {
  // A POST always comes as a Web Request: the plain entry (`answer`) takes no request with a body.
  const request = ctx.webRequest;
  if (ctx.request.method !== "POST" || request === null) throw new MethodNotAllowed(["POST"]);
  const callbackUrl = await ctx.callbackUrl();
  const limited = await limit(ctx, services, "credentials");
  if (limited) return limited;
  const { csrfToken: _csrf, ...credentials } = ctx.body;
  let user: User | null;
  try {
    user = await provider.authorize(credentials, request);
  } catch (error) {
    ctx.config.logger.error("CredentialsSignin", describe(error));
    user = null;
  }
  if (!user || (typeof user.id !== "string" && typeof user.id !== "number") || String(user.id) === "") {
    // What was typed (a user name, a password) is never stored: nobody is named.
    await recordSignInFailed(ctx, { reason: "CredentialsSignin", method: provider.id });
    return failure(ctx, "CredentialsSignin", callbackUrl);
  }
  const signedIn: User = { ...user, id: String(user.id) };
  const account: Account = { provider: provider.id, type: "credentials", providerAccountId: signedIn.id };
  return completeSignIn(ctx, services, { provider, user: signedIn, account, credentials });
}
