import { HiddenFields } from "./hidden-fields.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { themeCss } from "./theme.ts";

type ConfirmModel = Extract<PageModel, { page: "confirm-email" }>;

/**
 * GET callback/<email id>: the sign-in link lands here. Nothing is used up by opening it — mail
 * scanners fetch links too — only the button's POST spends the token.
 */
export function confirmEmailPage(model: ConfirmModel, context: PageContext): PageView {
  const { i18n } = context;
  const title = i18n.t("confirmEmail.title");
  const content = h(
    "div",
    null,
    h("h1", null, title),
    h("p", null, ...i18n.parts("confirmEmail.question", { email: h("strong", null, model.email) })),
    h(
      "form",
      { method: "post", action: model.action, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h("input", { type: "hidden", name: "token", defaultValue: model.token }),
      h("input", { type: "hidden", name: "email", defaultValue: model.email }),
      h("button", { type: "submit", className: "button" }, i18n.t("common.signIn")),
    ),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}
