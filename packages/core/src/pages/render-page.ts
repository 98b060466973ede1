import { accountSecuredPage } from "./account-secured-page.ts";
import { confirmCancelEmailChangePage, emailChangeCancelledPage } from "./cancel-email-change-pages.ts";
import { confirmChangeEmailPage, emailChangedPage } from "./change-email-pages.ts";
import { confirmEmailPage } from "./confirm-email-page.ts";
import { confirmVerifyEmailPage } from "./confirm-verify-email-page.ts";
import { emailVerifiedPage } from "./email-verified-page.ts";
import { errorPage } from "./error-page.ts";
import { forgotPasswordPage } from "./forgot-password-page.ts";
import { renderHtmlDocument } from "./html-document.ts";
import type { PageContext, PageModel, PageView, RenderedPage } from "./page-model.ts";
import { passkeySignUpPage } from "./passkey-signup-page.ts";
import { resetPasswordPage } from "./reset-password-page.ts";
import { signInPage } from "./signin-page.ts";
import { signOutPage } from "./signout-page.ts";
import { signUpPage } from "./signup-page.ts";
import { twoFactorBackupCodesPage } from "./two-factor-backup-codes-page.ts";
import { twoFactorPage } from "./two-factor-page.ts";
import { twoFactorSetupPage } from "./two-factor-setup-page.ts";
import { verifyRequestPage } from "./verify-request-page.ts";

export type { PageContext, PageModel, PageProvider, RenderedPage } from "./page-model.ts";

/** What a model shows, before the document shell goes round it. */
export function view(model: PageModel, context: PageContext): PageView {
  switch (model.page) {
    case "signin":
      return signInPage(model, context);
    case "signout":
      return signOutPage(model, context);
    case "verify-request":
      return verifyRequestPage(model, context);
    case "error":
      return errorPage(model, context);
    case "confirm-email":
      return confirmEmailPage(model, context);
    case "signup":
      return signUpPage(model, context);
    case "forgot-password":
      return forgotPasswordPage(model, context);
    case "reset-password":
      return resetPasswordPage(model, context);
    case "confirm-verify-email":
      return confirmVerifyEmailPage(model, context);
    case "email-verified":
      return emailVerifiedPage(model, context);
    case "confirm-change-email":
      return confirmChangeEmailPage(model, context);
    case "email-changed":
      return emailChangedPage(model, context);
    case "confirm-cancel-email-change":
      return confirmCancelEmailChangePage(model, context);
    case "email-change-cancelled":
      return emailChangeCancelledPage(model, context);
    case "account-secured":
      return accountSecuredPage(model, context);
    case "two-factor":
      return twoFactorPage(model, context);
    case "two-factor-setup":
      return twoFactorSetupPage(model, context);
    case "two-factor-backup-codes":
      return twoFactorBackupCodesPage(model, context);
    case "passkey-signup":
      return passkeySignUpPage(model, context);
  }
}

/*
 * No `form-action` directive on purpose: Chrome applies form-action to every redirect that follows
 * a form submission, and our sign-in forms POST to BASE/signin/<id>, which answers with a redirect
 * to the provider's own origin. `form-action 'self'` would block every OAuth sign-in in Chrome.
 * `default-src 'none'` without any script-src means no script runs on these pages at all. A page with
 * a script (passkeys) adds `script-src` with the response's nonce — only that one inline script runs,
 * no URL and no `unsafe-inline` — and `connect-src 'self'` for its fetches to the auth endpoint.
 */
function contentSecurityPolicy(nonce: string, withScript: boolean): string {
  return [
    "default-src 'none'",
    withScript ? `script-src 'nonce-${nonce}'` : null,
    `style-src 'nonce-${nonce}'`,
    withScript ? "connect-src 'self'" : null,
    "img-src 'self' https: data:",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ]
    .filter((directive) => directive !== null)
    .join("; ");
}

/**
 * Renders one built-in page to a complete HTML document with its status and security headers.
 * Every text and attribute value is escaped (lib/render-markup.ts); the only JavaScript is the
 * passkey script (passkey-script.ts), on the pages that offer passkeys.
 *
 * @example
 * const page = renderPage({ page: "error", code: "AccessDenied" }, { baseUrl, origin, theme: {}, i18n: ctx.i18n });
 * return new Response(page.body, { status: page.status, headers: page.headers });
 */
export function renderPage(model: PageModel, context: PageContext): RenderedPage {
  const page = view(model, context);
  return renderHtmlDocument({
    status: page.status,
    title: page.title,
    i18n: context.i18n,
    theme: context.theme,
    css: page.css ?? "",
    content: page.content,
    ...(page.script ? { script: page.script } : {}),
    csp: (nonce) => contentSecurityPolicy(nonce, page.script !== undefined),
    ...(page.headers && { headers: page.headers }),
  });
}
