import { HiddenFields } from "./hidden-fields.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { themeCss } from "./theme.ts";

type ConfirmVerifyEmailModel = Extract<PageModel, { page: "confirm-verify-email" }>;

/**
 * GET BASE/verify-email?token&email: the verification link lands here. Nothing is used up by opening
 * it — mail scanners fetch links too — only the button's POST to BASE/verify-email spends the token.
 */
export function confirmVerifyEmailPage(model: ConfirmVerifyEmailModel, context: PageContext): PageView {
  const content = h(
    "div",
    null,
    h("h1", null, "Confirm your email"),
    h("p", null, "Confirm ", h("strong", null, model.email), " as the address of your account?"),
    h(
      "form",
      { method: "post", action: `${context.baseUrl}/verify-email`, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h("input", { type: "hidden", name: "token", defaultValue: model.token }),
      h("input", { type: "hidden", name: "email", defaultValue: model.email }),
      h("button", { type: "submit", className: "button" }, "Confirm email address"),
    ),
  );
  return { title: "Confirm your email", status: 200, content, css: themeCss(context.theme) };
}
