import { AccountLinks, accountPageUrl } from "./account-links.ts";
import { FormPage } from "./form-page.ts";
import { HiddenFields } from "./hidden-fields.ts";
import { inlineError } from "./inline-error.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { ShowPassword } from "./show-password.ts";
import { SHOW_PASSWORD_SCRIPT } from "./show-password-script.ts";
import { newPasswordField, TextField } from "./text-field.ts";
import { themeCss } from "./theme.ts";

type SignUpModel = Extract<PageModel, { page: "signup" }>;

/**
 * GET BASE/signup: email, optional name and a new password, posted to BASE/signup. What follows is
 * the same whether or not the address already has an account (a mail either way), so this page never
 * says which.
 */
export function signUpPage(model: SignUpModel, context: PageContext): PageView {
  const { i18n } = context;
  const title = i18n.t("signup.title");
  const error = inlineError(i18n, model.error, "signup.failed");
  const content = h(
    FormPage,
    { title, error },
    h(
      "form",
      { method: "post", action: `${context.baseUrl}/signup`, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h(TextField, {
        id: "signup-email",
        name: "email",
        label: i18n.t("field.email"),
        type: "email",
        autoComplete: "email",
        required: true,
        invalid: error?.field === "email",
        ...(typeof model.email === "string" ? { defaultValue: model.email } : {}),
      }),
      h(TextField, {
        id: "signup-name",
        name: "name",
        label: i18n.t("field.nameOptional"),
        type: "text",
        autoComplete: "name",
        ...(typeof model.name === "string" ? { defaultValue: model.name } : {}),
      }),
      h(TextField, {
        ...newPasswordField(i18n),
        id: "signup-password",
        name: "password",
        label: i18n.t("field.password"),
        invalid: error?.field === "password",
      }),
      h(ShowPassword, { i18n, fieldId: "signup-password" }),
      h("button", { type: "submit", className: "button" }, i18n.t("signup.submit")),
    ),
    h("hr", null),
    h(AccountLinks, {
      links: [
        {
          href: accountPageUrl(context.baseUrl, "signin", model.callbackUrl),
          text: i18n.t("common.haveAccount"),
        },
        model.passkeySignUp
          ? {
              href: accountPageUrl(context.baseUrl, "passkey-signup", model.callbackUrl),
              text: i18n.t("signup.usePasskey"),
            }
          : null,
      ].filter((link) => link !== null),
    }),
  );
  return { title, status: 200, content, css: themeCss(context.theme), script: SHOW_PASSWORD_SCRIPT };
}
