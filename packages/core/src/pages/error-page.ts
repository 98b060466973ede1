import { type ErrorCode, errorCatalogue, toErrorCode } from "../errors/catalogue.ts";
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

/** Whole seconds to wait, or null when the value is not a usable delay. */
function retryAfter(seconds: unknown): number | null {
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/** "30 seconds", "5 minutes", "2 hours": rounded up, so the person never comes back too early. */
function waitText(seconds: number): string {
  const [amount, unit] =
    seconds < 60
      ? [seconds, "second"]
      : seconds < 2 * 3600
        ? [Math.ceil(seconds / 60), "minute"]
        : [Math.ceil(seconds / 3600), "hour"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"}`;
}

/** Where the person can go from each page: retry sign-in, ask for a new reset link, or back to the site. */
function nextStep(code: ErrorCode, context: PageContext): MarkupElement {
  if (code === "AccessDenied" || code === "Verification") {
    return h("a", { className: "button", href: `${context.baseUrl}/signin` }, "Sign in");
  }
  if (code === "PasswordResetInvalid") {
    return h("a", { className: "button", href: `${context.baseUrl}/forgot-password` }, "Ask for a new link");
  }
  return h(SiteLink, { origin: context.origin });
}

/**
 * GET BASE/error?error=<code>: title, message and status come from the catalogue only. A
 * `RateLimited` page also says when to try again and carries it as `Retry-After`.
 */
export function errorPage(model: ErrorModel, context: PageContext): PageView {
  const shown = errorPageCode(model.code);
  const entry = errorCatalogue[shown];
  const wait = shown === "RateLimited" ? retryAfter(model.retryAfterSeconds) : null;
  const message = wait === null ? entry.message : `Too many attempts. Try again in ${waitText(wait)}.`;
  const content = h("div", null, h("h1", null, entry.title), h("p", null, message), nextStep(shown, context));
  return {
    title: entry.title,
    status: entry.status,
    content,
    css: themeCss(context.theme),
    ...(wait !== null && { headers: { "Retry-After": String(wait) } }),
  };
}
