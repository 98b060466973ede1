import { AccountLinks, accountPageUrl } from "./account-links.ts";
import { FormPage } from "./form-page.ts";
import { HiddenFields } from "./hidden-fields.ts";
import { inlineError } from "./inline-error.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { TextField } from "./text-field.ts";
import { themeCss } from "./theme.ts";

type ForgotPasswordModel = Extract<PageModel, { page: "forgot-password" }>;

/**
 * GET BASE/forgot-password: the address to send a reset link to, posted to BASE/forgot-password.
 * The answer is the same whether or not an account uses the address (verify-request, kind
 * "reset-password"), so nobody learns from it which addresses have accounts.
 */
export function forgotPasswordPage(model: ForgotPasswordModel, context: PageContext): PageView {
  const { i18n } = context;
  const title = i18n.t("forgotPassword.title");
  const error = inlineError(i18n, model.error, "forgotPassword.failed");
  const content = h(
    FormPage,
    { title, error },
    h("p", null, i18n.t("forgotPassword.intro")),
    h(
      "form",
      { method: "post", action: `${context.baseUrl}/forgot-password`, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h(TextField, {
        id: "forgot-password-email",
        name: "email",
        label: i18n.t("field.email"),
        type: "email",
        autoComplete: "email",
        required: true,
        invalid: error?.field === "email",
        ...(typeof model.email === "string" ? { defaultValue: model.email } : {}),
      }),
      h("button", { type: "submit", className: "button" }, i18n.t("forgotPassword.submit")),
    ),
    h("hr", null),
    h(AccountLinks, {
      links: [
        {
          href: accountPageUrl(context.baseUrl, "signin", model.callbackUrl),
          text: i18n.t("common.backToSignIn"),
        },
      ],
    }),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}
