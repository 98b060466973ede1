import { HiddenFields } from "./hidden-fields.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { themeCss } from "./theme.ts";

type ConfirmChangeEmailModel = Extract<PageModel, { page: "confirm-change-email" }>;
type EmailChangedModel = Extract<PageModel, { page: "email-changed" }>;

/**
 * GET BASE/change-email?token&email&user: the new address's confirmation link lands here. Opening it
 * changes nothing (mail scanners fetch links); only the button's POST uses the token.
 */
export function confirmChangeEmailPage(model: ConfirmChangeEmailModel, context: PageContext): PageView {
  const content = h(
    "div",
    null,
    h("h1", null, "Confirm your new email"),
    h("p", null, "Make ", h("strong", null, model.email), " the email address of your account?"),
    h(
      "form",
      { method: "post", action: `${context.baseUrl}/change-email`, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h("input", { type: "hidden", name: "token", defaultValue: model.token }),
      h("input", { type: "hidden", name: "email", defaultValue: model.email }),
      h("input", { type: "hidden", name: "user", defaultValue: model.user }),
      h("button", { type: "submit", className: "button" }, "Confirm new email"),
    ),
  );
  return { title: "Confirm your new email", status: 200, content, css: themeCss(context.theme) };
}

/** After POST BASE/change-email: the account now has the new address. */
export function emailChangedPage(model: EmailChangedModel, context: PageContext): PageView {
  const content = h(
    "div",
    null,
    h("h1", null, "Email changed"),
    h("p", null, "Your account's email address is now ", h("strong", null, model.email), "."),
    h("a", { className: "button", href: model.continueUrl }, "Continue"),
  );
  return { title: "Email changed", status: 200, content, css: themeCss(context.theme) };
}
