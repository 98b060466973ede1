import { type ErrorCode, errorCatalogue } from "../errors/catalogue.ts";
import type { SignInNotice } from "../pages/page-model.ts";
import type { PageContext } from "../pages/render-page.ts";
import { type Outcome, redirect } from "./outcome.ts";
import type { RequestContext } from "./request-context.ts";

/**
 * URL of the sign-in page (built-in or custom), with the callback URL, an error code or a notice,
 * and `email`: the address a refused form had, so the page shows it again (never the password).
 */
export function signInPageUrl(
  ctx: RequestContext,
  params: { error?: ErrorCode; callbackUrl?: string; notice?: SignInNotice; email?: string } = {},
): string {
  return withQuery(pageBase(ctx, ctx.config.pages.signIn, "signin"), params);
}

/** The password account and two-factor pages, by action, and the `pages` option that replaces each. */
const FORM_PAGES = {
  signup: "signUp",
  "forgot-password": "forgotPassword",
  "reset-password": "resetPassword",
  "two-factor": "twoFactor",
  "two-factor-setup": "twoFactorSetup",
} as const;

/** A form page of password accounts or two-factor. */
export type FormPage = keyof typeof FORM_PAGES;

/** URL of a password account page (built-in or custom) with query parameters. */
export function formPageUrl(
  ctx: RequestContext,
  page: FormPage,
  params: Record<string, string | undefined>,
): string {
  return withQuery(pageBase(ctx, ctx.config.pages[FORM_PAGES[page]], page), params);
}

/**
 * A refused form: back to its page with the code (and `keep`: fields the page needs again, such as
 * the reset token). In JSON mode the answer carries the code's status, as `failure` does.
 */
export function formFailure(
  ctx: RequestContext,
  page: FormPage,
  code: ErrorCode,
  keep: Record<string, string | undefined> = {},
): Outcome {
  return redirect(formPageUrl(ctx, page, { ...keep, error: code }), errorCatalogue[code].status);
}

/** URL of the error page (built-in or custom) for a code. */
export function errorPageUrl(ctx: RequestContext, code: ErrorCode): string {
  return withQuery(pageBase(ctx, ctx.config.pages.error, "error"), { error: code });
}

/**
 * The `url` of a refusal answered as JSON to a client that asked for redirects as `{url}` (JSON mode):
 * where the person would be sent, with the code in `error` — sign-in codes to the sign-in page, every
 * other code to the error page under its own name (the page shows `Default` for a code it has no words
 * for). next-auth v4's `signIn` reads `new URL(data.url)` on every such answer and throws without one.
 */
export function refusalUrl(ctx: RequestContext, code: ErrorCode, callbackUrl?: string): string {
  return errorCatalogue[code].surface === "signin"
    ? signInPageUrl(ctx, callbackUrl ? { error: code, callbackUrl } : { error: code })
    : errorPageUrl(ctx, code);
}

/**
 * Where a failure goes: sign-in codes to the sign-in page, the rest to the error page. In JSON mode
 * the answer carries the code's status (a 4xx for what the client did; stricter than Auth.js's 200).
 * `email`: what the refused sign-in form had in its address field, for the sign-in page to show again
 * (only a browser's redirect carries it: a JSON client has its own form and keeps what it typed).
 */
export function failure(ctx: RequestContext, code: ErrorCode, callbackUrl?: string, email?: string): Outcome {
  const entry = errorCatalogue[code];
  const typed = email && !ctx.jsonMode ? { email } : {};
  const url =
    entry.surface === "signin"
      ? signInPageUrl(ctx, { error: code, ...(callbackUrl ? { callbackUrl } : {}), ...typed })
      : errorPageUrl(ctx, entry.surface === "error" ? code : "Default");
  return redirect(url, entry.status);
}

/** The longest typed text a refused form's redirect carries back (an address is at most 254). */
const TYPED_LIMIT = 320;

/**
 * What a refused form had in a text field, to show again: a string, cut to a sane length, or
 * nothing. Only for fields that are not secret — never a password or a code.
 */
export function typedValue(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim().slice(0, TYPED_LIMIT);
  return trimmed === "" ? undefined : trimmed;
}

function pageBase(ctx: RequestContext, custom: string | undefined, action: string): string {
  if (!custom) return `${ctx.baseUrl}/${action}`;
  return new URL(custom, `${ctx.origin}/`).href;
}

function withQuery(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.href;
}

/** What every built-in page needs to know about this request, its language included. */
export function pageContext(ctx: RequestContext): PageContext {
  return { baseUrl: ctx.baseUrl, origin: ctx.origin, theme: ctx.config.theme, i18n: ctx.i18n };
}
