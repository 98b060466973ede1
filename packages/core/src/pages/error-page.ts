import { type ErrorCode, errorCatalogue, toErrorCode } from "../errors/catalogue.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageView } from "./page-model.ts";
import { SiteLink } from "./site-link.ts";
import { themeCss } from "./theme.ts";

/** Codes with a page of their own; any other code (unknown, sign-in or request codes) is `Default`. */
function errorPageCode(code: unknown): ErrorCode {
  const known = toErrorCode(code);
  return known && errorCatalogue[known].surface === "error" ? known : "Default";
}

/** GET BASE/error?error=<code>: title, message and status come from the catalogue only. */
export function errorPage(code: unknown, context: PageContext): PageView {
  const shown = errorPageCode(code);
  const entry = errorCatalogue[shown];
  const canRetry = shown === "AccessDenied" || shown === "Verification";
  const content = h(
    "div",
    null,
    h("h1", null, entry.title),
    h("p", null, entry.message),
    canRetry
      ? h("a", { className: "button", href: `${context.baseUrl}/signin` }, "Sign in")
      : h(SiteLink, { origin: context.origin }),
  );
  return { title: entry.title, status: entry.status, content, css: themeCss(context.theme) };
}
