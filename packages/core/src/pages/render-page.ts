import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { confirmEmailPage } from "./confirm-email-page.ts";
import { Document } from "./document.ts";
import { errorPage } from "./error-page.ts";
import type { PageContext, PageModel, PageView, RenderedPage } from "./page-model.ts";
import { signInPage } from "./signin-page.ts";
import { signOutPage } from "./signout-page.ts";
import { verifyRequestPage } from "./verify-request-page.ts";

export type { PageContext, PageModel, PageProvider, RenderedPage } from "./page-model.ts";

function view(model: PageModel, context: PageContext): PageView {
  switch (model.page) {
    case "signin":
      return signInPage(model, context);
    case "signout":
      return signOutPage(model, context);
    case "verify-request":
      return verifyRequestPage(context);
    case "error":
      return errorPage(model.code, context);
    case "confirm-email":
      return confirmEmailPage(model, context);
  }
}

/*
 * No `form-action` directive on purpose: Chrome applies form-action to every redirect that follows
 * a form submission, and our sign-in forms POST to BASE/signin/<id>, which answers with a redirect
 * to the provider's own origin. `form-action 'self'` would block every OAuth sign-in in Chrome.
 * `default-src 'none'` without any script-src means no script runs on these pages at all.
 */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' https: data:",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Renders one built-in page to a complete HTML document with its status and security headers.
 * Every text and attribute value is escaped by React; the pages contain no JavaScript.
 *
 * @example
 * const page = renderPage({ page: "error", code: "AccessDenied" }, { baseUrl, origin, theme: {} });
 * return new Response(page.body, { status: page.status, headers: page.headers });
 */
export function renderPage(model: PageModel, context: PageContext): RenderedPage {
  const page = view(model, context);
  // A fresh nonce per response, so a nonce seen once is useless for injecting a style later.
  const nonce = crypto.randomUUID();
  const document = h(
    Document,
    { title: page.title, theme: context.theme, nonce, css: page.css ?? "" },
    page.content,
  );
  return {
    status: page.status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": contentSecurityPolicy(nonce),
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Cache-Control": "no-store",
    },
    body: `<!DOCTYPE html>${renderToStaticMarkup(document)}`,
  };
}
