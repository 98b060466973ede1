import { AuthError } from "../errors/auth-error.ts";
import { toErrorCode } from "../errors/catalogue.ts";
import { describe } from "../errors/describe.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import { csrfFailure, failure, pageContext, signInPageUrl } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { sealChecks } from "../oauth/check-cookies.ts";
import type { OAuthFlows } from "../oauth/oauth-flows.ts";
import type { PageProvider } from "../pages/render-page.ts";
import { renderPage } from "../pages/render-page.ts";
import { emailSignInAction } from "./lib/email.ts";

/** `GET signin`: the sign-in page (or a redirect to the custom one), with an optional error code. */
export async function signInPageAction(ctx: RequestContext): Promise<Outcome> {
  const callbackUrl = await ctx.callbackUrl();
  const error = toErrorCode(ctx.url.searchParams.get("error"));
  if (ctx.config.pages.signIn) {
    return redirect(signInPageUrl(ctx, error ? { callbackUrl, error } : { callbackUrl }));
  }
  const providers: PageProvider[] = [...ctx.config.providers.values()].map((p) =>
    p.type === "credentials"
      ? {
          id: p.id,
          name: p.name,
          type: p.type,
          credentials: p.credentials,
          ...(p.style ? { style: p.style } : {}),
        }
      : { id: p.id, name: p.name, type: p.type, ...(p.style ? { style: p.style } : {}) },
  );
  const email = ctx.url.searchParams.get("email") ?? undefined;
  const page = renderPage(
    {
      page: "signin",
      providers,
      csrfToken: await ctx.csrfToken(),
      callbackUrl,
      error,
      ...(email ? { email } : {}),
    },
    pageContext(ctx),
  );
  return { type: "page", page };
}

/**
 * `POST signin/<id>`: starts an OAuth/OIDC flow. CSRF-checked so another site cannot start a
 * sign-in in the person's browser. The query string of this POST carries extra authorization
 * parameters (next-auth's `signIn(id, options, authorizationParams)`).
 */
export async function signInStartAction(
  ctx: RequestContext,
  providerId: string,
  oauth: OAuthFlows,
): Promise<Outcome> {
  const provider = ctx.config.providers.get(providerId);
  if (!provider || provider.type === "credentials") throw new AuthError("UnknownProvider");
  if (provider.type === "email") return emailSignInAction(ctx, provider);
  const callbackUrl = await ctx.callbackUrl();
  const refused = await csrfFailure(ctx, callbackUrl);
  if (refused) return refused;
  const extraParams: Record<string, string> = {};
  for (const [key, value] of ctx.url.searchParams) extraParams[key] = value;
  try {
    const { url, checks } = await oauth.start(provider, {
      redirectUri: `${ctx.baseUrl}/callback/${provider.id}`,
      extraParams,
    });
    await sealChecks(ctx, provider.id, checks);
    return redirect(url);
  } catch (error) {
    ctx.config.logger.error("OAuthSignin", describe(error));
    return failure(ctx, error instanceof AuthError ? error.code : "OAuthSignin");
  }
}
