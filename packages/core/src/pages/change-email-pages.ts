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
  const { i18n } = context;
  const title = i18n.t("confirmChangeEmail.title");
  const content = h(
    "div",
    null,
    h("h1", null, title),
    h("p", null, ...i18n.parts("confirmChangeEmail.question", { email: h("strong", null, model.email) })),
    h(
      "form",
      { method: "post", action: `${context.baseUrl}/change-email`, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h("input", { type: "hidden", name: "token", defaultValue: model.token }),
      h("input", { type: "hidden", name: "email", defaultValue: model.email }),
      h("input", { type: "hidden", name: "user", defaultValue: model.user }),
      h("button", { type: "submit", className: "button" }, i18n.t("confirmChangeEmail.submit")),
    ),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}

/** After POST BASE/change-email: the account now has the new address. */
export function emailChangedPage(model: EmailChangedModel, context: PageContext): PageView {
  const { i18n } = context;
  const title = i18n.t("emailChanged.title");
  const content = h(
    "div",
    null,
    h("h1", null, title),
    h("p", null, ...i18n.parts("emailChanged.text", { email: h("strong", null, model.email) })),
    h("a", { className: "button", href: model.continueUrl }, i18n.t("common.continue")),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}
