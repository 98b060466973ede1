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
  const { i18n } = context;
  const title = i18n.t("confirmVerifyEmail.title");
  const content = h(
    "div",
    null,
    h("h1", null, title),
    h("p", null, ...i18n.parts("confirmVerifyEmail.question", { email: h("strong", null, model.email) })),
    h(
      "form",
      { method: "post", action: `${context.baseUrl}/verify-email`, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h("input", { type: "hidden", name: "token", defaultValue: model.token }),
      h("input", { type: "hidden", name: "email", defaultValue: model.email }),
      h("button", { type: "submit", className: "button" }, i18n.t("confirmVerifyEmail.submit")),
    ),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}
