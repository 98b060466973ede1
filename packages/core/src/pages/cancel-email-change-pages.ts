import { HiddenFields } from "./hidden-fields.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { themeCss } from "./theme.ts";

type ConfirmModel = Extract<PageModel, { page: "confirm-cancel-email-change" }>;
type CancelledModel = Extract<PageModel, { page: "email-change-cancelled" }>;

/**
 * GET BASE/cancel-email-change?token&email&user: "this wasn't me" from the old address's mail lands
 * here. Opening it changes nothing (mail scanners fetch links); only the button's POST does.
 */
export function confirmCancelEmailChangePage(model: ConfirmModel, context: PageContext): PageView {
  const { i18n } = context;
  const title = i18n.t("cancelEmailChange.title");
  const content = h(
    "div",
    null,
    h("h1", null, title),
    h("p", null, i18n.t("cancelEmailChange.text")),
    h(
      "form",
      { method: "post", action: `${context.baseUrl}/cancel-email-change`, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h("input", { type: "hidden", name: "token", defaultValue: model.token }),
      h("input", { type: "hidden", name: "email", defaultValue: model.email }),
      h("input", { type: "hidden", name: "user", defaultValue: model.user }),
      h("button", { type: "submit", className: "button" }, i18n.t("cancelEmailChange.submit")),
    ),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}

/**
 * After POST BASE/cancel-email-change: the change is stopped and every session ended. The person is
 * led to choose a new password — by the usual reset mail to the address (a form that sends it), so
 * "this wasn't me" itself never sets a password or signs anyone in.
 */
export function emailChangeCancelledPage(model: CancelledModel, context: PageContext): PageView {
  const { i18n } = context;
  const title = i18n.t("emailChangeCancelled.title");
  const email = h("strong", null, model.email);
  const content = h(
    "div",
    null,
    h("h1", null, title),
    h(
      "div",
      { className: "notice", role: "status" },
      ...i18n.parts(model.restored ? "emailChangeCancelled.text" : "emailChangeCancelled.notRestored", {
        email,
      }),
    ),
    h("p", null, i18n.t("emailChangeCancelled.next")),
    model.resetAction && model.restored
      ? h(
          "form",
          { method: "post", action: model.resetAction, className: "stack" },
          h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
          h("input", { type: "hidden", name: "email", defaultValue: model.email }),
          h("button", { type: "submit", className: "button" }, i18n.t("emailChangeCancelled.reset")),
        )
      : h("a", { className: "button", href: model.signInUrl }, i18n.t("common.signIn")),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}
