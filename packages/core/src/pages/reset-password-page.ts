import { FormPage } from "./form-page.ts";
import { HiddenFields } from "./hidden-fields.ts";
import { inlineError } from "./inline-error.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { newPasswordField, TextField } from "./text-field.ts";
import { themeCss } from "./theme.ts";

type ResetPasswordModel = Extract<PageModel, { page: "reset-password" }>;

/**
 * GET BASE/reset-password?token&email&user: the new password, posted with the token to
 * BASE/reset-password. Opening the page spends nothing (mail scanners fetch links too); only the POST
 * uses the token.
 */
export function resetPasswordPage(model: ResetPasswordModel, context: PageContext): PageView {
  const { i18n } = context;
  const title = i18n.t("resetPassword.title");
  const error = inlineError(i18n, model.error, "resetPassword.failed");
  const content = h(
    FormPage,
    { title, error },
    h("p", null, ...i18n.parts("resetPassword.intro", { email: h("strong", null, model.email) })),
    h(
      "form",
      { method: "post", action: `${context.baseUrl}/reset-password`, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h("input", { type: "hidden", name: "token", defaultValue: model.token }),
      h("input", { type: "hidden", name: "user", defaultValue: model.user }),
      // Marked as the account's username (valid on a hidden input) for password managers that read it.
      h("input", { type: "hidden", name: "email", autoComplete: "username", defaultValue: model.email }),
      h(TextField, {
        ...newPasswordField(i18n),
        id: "reset-password-password",
        name: "password",
        label: i18n.t("field.newPassword"),
        invalid: error?.field === "password",
      }),
      h("button", { type: "submit", className: "button" }, i18n.t("resetPassword.submit")),
    ),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}
