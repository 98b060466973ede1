import { HiddenFields } from "./hidden-fields.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { themeCss } from "./theme.ts";

type ConfirmVerifyEmailModel = Extract<PageModel, { page: "confirm-verify-email" }>;

/**
 * GET BASE/verify-email?token&email&user: the verification link lands here. Nothing is used up by
 * opening it — mail scanners fetch links too — only the button's POST to BASE/verify-email spends
 * the token. The link confirms an account someone created with the address, with whatever way in
 * they chose: the page says so, and when it was, before the button — and tells the owner of an
 * address someone else signed up with to reset the password instead, which makes it theirs.
 */
export function confirmVerifyEmailPage(model: ConfirmVerifyEmailModel, context: PageContext): PageView {
  const { i18n } = context;
  const title = i18n.t("confirmVerifyEmail.title");
  const email = h("strong", null, model.email);
  const created = model.createdAt
    ? i18n.parts("confirmVerifyEmail.created", { email }, { date: i18n.dateTime(model.createdAt) })
    : i18n.parts("confirmVerifyEmail.createdUndated", { email });
  const content = h(
    "div",
    null,
    h("h1", null, title),
    h("p", null, ...created),
    h("p", null, i18n.t("confirmVerifyEmail.onlyYou")),
    // Before the button: someone who did not create it reads this first.
    h(
      "p",
      null,
      ...(model.resetUrl
        ? i18n.parts("confirmVerifyEmail.notYou", {
            reset: h("a", { href: model.resetUrl }, i18n.t("confirmVerifyEmail.reset")),
          })
        : [i18n.t("confirmVerifyEmail.notYouOnly")]),
    ),
    h(
      "form",
      { method: "post", action: `${context.baseUrl}/verify-email`, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h("input", { type: "hidden", name: "token", defaultValue: model.token }),
      h("input", { type: "hidden", name: "email", defaultValue: model.email }),
      h("input", { type: "hidden", name: "user", defaultValue: model.user }),
      h("button", { type: "submit", className: "button" }, i18n.t("confirmVerifyEmail.submit")),
    ),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}
