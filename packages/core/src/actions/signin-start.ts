import { AuthError } from "../errors/auth-error.ts";
import { isCoreErrorCode } from "../errors/catalogue.ts";
import { describe } from "../errors/describe.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { failure, signInPageUrl } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { sealChecks } from "../oauth/check-cookies.ts";
import type { RouteOf } from "./endpoint.ts";
import { emailSignInAction } from "./lib/email.ts";
import { PASSKEY_PROVIDER_ID } from "./passkey-signin.ts";
import type { Services } from "./services.ts";

/**
 * `POST signin/<id>`: starts an OAuth/OIDC flow, or sends an email sign-in link. CSRF-checked (by
 * the action table) so another site cannot start a sign-in in the person's browser. The query string of this POST carries extra authorization
 * parameters (next-auth's `signIn(id, options, authorizationParams)`). `signin/passkey` (the
 * providers list's URL for passkeys) goes to the sign-in page, whose button starts the ceremony,
 * as Auth.js sends a WebAuthn provider's sign-in there.
 */
export async function signInStartAction(
  ctx: RequestContext,
  { providerId }: RouteOf<"signin", "required">,
  services: Services,
): Promise<Outcome> {
  const { oauth } = services;
  if (providerId === PASSKEY_PROVIDER_ID && ctx.config.passkeys) {
    return redirect(signInPageUrl(ctx, { callbackUrl: await ctx.callbackUrl() }));
  }
  const provider = ctx.config.providers.get(providerId);
  if (!provider || provider.type === "credentials" || provider.type === "password") {
    throw new AuthError("UnknownProvider");
  }
  if (provider.type === "email") return emailSignInAction(ctx, provider, services);
  await ctx.callbackUrl(); // remembered in its cookie for the return
  // Who asks to link: the user signed in by this browser's session cookie (the request is
  // CSRF-checked, so it is their own click), sealed into the flow; null starts a sign-in.
  const linkUserId = await services.sessions.cookieUserId(ctx);
  const extraParams: Record<string, string> = {};
  for (const [key, value] of ctx.url.searchParams) extraParams[key] = value;
  try {
    const { url, checks } = await oauth.start(provider, {
      redirectUri: `${ctx.baseUrl}/callback/${provider.id}`,
      extraParams,
    });
    await sealChecks(ctx, provider.id, checks, { linkUserId });
    return redirect(url);
  } catch (error) {
    ctx.config.logger.error("OAuthSignin", describe(error));
    return failure(
      ctx,
      error instanceof AuthError && isCoreErrorCode(error.code) ? error.code : "OAuthSignin",
    );
  }
}
