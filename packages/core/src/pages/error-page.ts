import { type ErrorCode, errorCatalogue, toErrorCode } from "../errors/catalogue.ts";
import { errorMessage, errorTitle, isTranslatedErrorCode } from "../i18n/translated-errors.ts";
import type { Translator } from "../i18n/translator.ts";
import { h, type MarkupElement } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { SiteLink } from "./site-link.ts";
import { themeCss } from "./theme.ts";

type ErrorModel = Extract<PageModel, { page: "error" }>;

/**
 * Codes with a page of their own, and `RateLimited`, which a browser form can meet too; any other
 * code (unknown, sign-in or request codes) is `Default`.
 */
function errorPageCode(code: unknown): ErrorCode {
  const known = toErrorCode(code);
  return known && (errorCatalogue[known].surface === "error" || known === "RateLimited") ? known : "Default";
}

/** What a rate limit paused, in words; nothing for a value that is not one of the two. */
function pausedText(scope: unknown): "errorPage.pausedAccount" | "errorPage.pausedNetwork" | null {
  if (scope === "account") return "errorPage.pausedAccount";
  if (scope === "network") return "errorPage.pausedNetwork";
  return null;
}

/** Whole seconds to wait, or null when the value is not a usable delay. */
function retryAfter(seconds: unknown): number | null {
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/** "30 seconds", "5 minutes", "2 hours", the page's language's way: rounded up, so the person never comes back too early. */
function waitText(i18n: Translator, seconds: number): string {
  if (seconds < 60) return i18n.duration(seconds, "second");
  if (seconds < 2 * 3600) return i18n.duration(Math.ceil(seconds / 60), "minute");
  return i18n.duration(Math.ceil(seconds / 3600), "hour");
}

/** Where the person can go from each page: retry sign-in, ask for a new reset link, or back to the site. */
function nextStep(code: ErrorCode, context: PageContext): MarkupElement {
  const { i18n } = context;
  if (code === "RateLimited") {
    return h("a", { className: "button", href: `${context.baseUrl}/signin` }, i18n.t("common.backToSignIn"));
  }
  if (code === "AccessDenied" || code === "Verification") {
    return h("a", { className: "button", href: `${context.baseUrl}/signin` }, i18n.t("common.signIn"));
  }
  if (code === "PasswordResetInvalid") {
    return h(
      "a",
      { className: "button", href: `${context.baseUrl}/forgot-password` },
      i18n.t("errorPage.newLink"),
    );
  }
  return h(SiteLink, { origin: context.origin });
}

/**
 * GET BASE/error?error=<code>: status from the catalogue, title and message its words in the
 * request's language. A `RateLimited` page also says when to try again and carries it as
 * `Retry-After`.
 */
export function errorPage(model: ErrorModel, context: PageContext): PageView {
  const { i18n } = context;
  const code = errorPageCode(model.code);
  // Every code an error page shows is translated; the guard keeps that true by type.
  const shown = isTranslatedErrorCode(code) ? code : "Default";
  const wait = shown === "RateLimited" ? retryAfter(model.retryAfterSeconds) : null;
  const title = errorTitle(i18n, shown);
  const message =
    wait === null
      ? errorMessage(i18n, shown)
      : i18n.t("errorPage.retryIn", { duration: waitText(i18n, wait) });
  const scope = shown === "RateLimited" ? pausedText(model.scope) : null;
  const content = h(
    "div",
    null,
    h("h1", null, title),
    h("p", null, message),
    scope ? h("p", null, i18n.t(scope)) : null,
    nextStep(shown, context),
  );
  return {
    title,
    status: errorCatalogue[shown].status,
    content,
    css: themeCss(context.theme),
    ...(wait !== null && { headers: { "Retry-After": String(wait) } }),
  };
}
