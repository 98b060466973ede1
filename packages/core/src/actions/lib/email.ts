import { signInMailContent } from "../../accounts/sign-in-mail-content.ts";
import type { Adapter } from "../../adapter/adapter.ts";
import { callAdapter } from "../../adapter/call-adapter.ts";
import type { Account } from "../../config/options.ts";
import { AuthError } from "../../errors/auth-error.ts";
import { describe } from "../../errors/describe.ts";
import { checkEmailUrl } from "../../http/check-email-url.ts";
import { type Outcome, redirect } from "../../http/outcome.ts";
import { failure, pageContext, typedValue } from "../../http/page-urls.ts";
import type { RequestContext } from "../../http/request-context.ts";
import { withDeadline } from "../../lib/deadline.ts";
import { renderPage } from "../../pages/render-page.ts";
import { normalizeEmail } from "../../providers/email-address.ts";
import type { EmailProviderConfig } from "../../providers/types.ts";
import { createSessionToken, hashToken } from "../../session/session-token.ts";
import type { Services } from "../services.ts";
import { completeSignIn } from "./complete-sign-in.ts";
import { limit } from "./limit.ts";

const DAY = 24 * 60 * 60;

/**
 * `POST signin/<email id>`: sends a sign-in link. The answer is the same whether or not the address
 * belongs to a user, so the form cannot be used to find out who has an account.
 */
export async function emailSignInAction(
  ctx: RequestContext,
  provider: EmailProviderConfig,
  services: Services,
): Promise<Outcome> {
  const callbackUrl = await ctx.callbackUrl();
  const email = normalizeEmail(ctx.body.email);
  // A refused form comes back with the address as typed, to correct rather than retype.
  if (!email) return failure(ctx, "EmailSignin", callbackUrl, typedValue(ctx.body.email));
  const limited = await limit(ctx, services, "emailSignIn", email);
  if (limited) return limited;
  const adapter = requireAdapter(ctx);
  const token = createSessionToken();
  const expires = new Date(ctx.now + (provider.maxAge ?? DAY) * 1000);
  await callAdapter(adapter, "createVerificationToken", {
    identifier: email,
    token: await hashToken(token),
    expires,
  });
  const url = new URL(`${ctx.baseUrl}/callback/${provider.id}`);
  url.searchParams.set("token", token);
  url.searchParams.set("email", email);
  url.searchParams.set("callbackUrl", callbackUrl);
  const { theme } = ctx.config;
  // Written in the language of this request: the person reads the mail they just asked for.
  const content = signInMailContent(ctx.i18n, {
    url: url.href,
    expires,
    now: ctx.now,
    brandColor: theme.brandColor,
  });
  const { logger, mailTimeout } = ctx.config;
  try {
    // Bounded: a mail server (or an app's sender) that never answers must not hold the person's
    // request; they get the error page and can ask again. The send itself runs on.
    await withDeadline(
      () =>
        provider.sendVerificationRequest({
          identifier: email,
          url: url.href,
          expires,
          provider,
          theme,
          ...content,
        }),
      mailTimeout,
      (error) => logger.error("EmailSignin", `after the deadline: ${describe(error)}`),
    );
  } catch (error) {
    logger.error("EmailSignin", describe(error));
    return failure(ctx, "EmailSignin", callbackUrl, email);
  }
  return redirect(checkEmailUrl(ctx, { provider: provider.id, type: "email", email }));
}

/**
 * `GET callback/<email id>?token&email`: a confirmation page, never a sign-in. Link scanners
 * (Safe Links, Gmail prefetch) follow GETs; only the person's click on this page POSTs the token.
 */
export async function emailConfirmPageAction(
  ctx: RequestContext,
  provider: EmailProviderConfig,
): Promise<Outcome> {
  const token = ctx.url.searchParams.get("token");
  const email = normalizeEmail(ctx.url.searchParams.get("email"));
  if (!token || !email) return failure(ctx, "Verification");
  const callbackUrl = await ctx.callbackUrl();
  const page = renderPage(
    {
      page: "confirm-email",
      action: `${ctx.baseUrl}/callback/${provider.id}`,
      email,
      token,
      callbackUrl,
      csrfToken: await ctx.csrfToken(),
    },
    pageContext(ctx),
  );
  return { type: "page", page };
}

/**
 * `POST callback/<email id>`: consumes the token — single use, bound to its address, unexpired —
 * then signs the person in as the user with that address (created on first sign-in).
 */
export async function emailCallbackAction(
  ctx: RequestContext,
  provider: EmailProviderConfig,
  services: Services,
): Promise<Outcome> {
  await ctx.callbackUrl(); // from the form; completeSignIn goes there
  const email = normalizeEmail(ctx.body.email);
  const token = ctx.body.token;
  if (!email || !token) return failure(ctx, "Verification");
  const limited = await limit(ctx, services, "verification");
  if (limited) return limited;
  const adapter = requireAdapter(ctx);
  const used = await callAdapter(adapter, "useVerificationToken", {
    identifier: email,
    token: await hashToken(token),
  });
  if (!used || used.expires.getTime() <= ctx.now) return failure(ctx, "Verification");
  // The stored user is found or created after the signIn callback agreed (completeSignIn).
  const account: Account = { provider: provider.id, type: "email", providerAccountId: email };
  return completeSignIn(ctx, services, { provider, user: { id: email, email }, account });
}

function requireAdapter(ctx: RequestContext): Adapter {
  if (!ctx.config.adapter) throw new AuthError("Configuration", { cause: "email sign-in needs an adapter" });
  return ctx.config.adapter;
}
