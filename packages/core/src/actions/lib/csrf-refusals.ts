import { json, type Outcome, redirect } from "../../http/outcome.ts";
import { type FormPage, failure, formFailure } from "../../http/page-urls.ts";
import type { RequestContext } from "../../http/request-context.ts";
import type { CsrfRule } from "../endpoint.ts";
import { PASSKEY_PROVIDER_ID } from "../passkey-signin.ts";

/**
 * The three ways a POST that fails the CSRF check is answered (the `csrf` column of the action
 * table). Each first mints a fresh CSRF cookie, so the re-rendered form works on retry.
 */

/** JSON endpoints: 403 `{}` (protocol: a failed `POST session` is an empty session). */
export const refuseAsJson: CsrfRule = {
  async refuse(ctx) {
    await ctx.csrfToken();
    return json({}, 403);
  },
};

/** Sign-in forms: back to the sign-in page with `MissingCSRF`, keeping the callback URL. */
export const refuseToSignIn: CsrfRule = {
  async refuse(ctx) {
    const callbackUrl = await ctx.callbackUrl();
    await ctx.csrfToken();
    return failure(ctx, "MissingCSRF", callbackUrl);
  },
};

/** The sign-out form: back to the sign-out page with `MissingCSRF` (still signed in). */
export const refuseToSignOut: CsrfRule = {
  async refuse(ctx: RequestContext): Promise<Outcome> {
    await ctx.callbackUrl();
    await ctx.csrfToken();
    const url = new URL(`${ctx.baseUrl}/signout`);
    url.searchParams.set("error", "MissingCSRF");
    return redirect(url.href, 403);
  },
};

/**
 * A provider's return (`POST callback/<oauth id>`, `form_post`) is bound by the state, PKCE and nonce
 * checks instead: the provider's page, not our form, posts it. Credentials, email and passkey
 * (`callback/passkey`, Auth.js v5's WebAuthn) callbacks are our own pages' posts and are checked. An
 * unknown provider is left to the handler (404).
 */
export const refuseCallbackToSignIn: CsrfRule = {
  refuse: refuseToSignIn.refuse,
  exempt(ctx, providerId) {
    if (providerId === PASSKEY_PROVIDER_ID && ctx.config.passkeys) return false;
    const provider = providerId === null ? undefined : ctx.config.providers.get(providerId);
    return provider === undefined || provider.type === "oauth" || provider.type === "oidc";
  },
};

/**
 * A password account form (sign-up, forgot, reset): back to its page with `MissingCSRF`, keeping the
 * callback URL and the `keep` fields the page needs again (the reset link's token and address).
 */
export function refuseToForm(page: FormPage, keep: readonly string[] = []): CsrfRule {
  return {
    async refuse(ctx) {
      const callbackUrl = await ctx.callbackUrl();
      await ctx.csrfToken();
      const kept: Record<string, string | undefined> = { callbackUrl };
      for (const name of keep) kept[name] = ctx.body[name];
      return formFailure(ctx, page, "MissingCSRF", kept);
    },
  };
}
