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
  const error = inlineError(model.error, "Unable to send a reset link.");
  const content = h(
    FormPage,
    { title: "Reset your password", error },
    h(
      "p",
      null,
      "Enter the email address of your account and we will send you a link to choose a new password.",
    ),
    h(
      "form",
      { method: "post", action: `${context.baseUrl}/forgot-password`, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h(TextField, {
        id: "forgot-password-email",
        name: "email",
        label: "Email",
        type: "email",
        autoComplete: "email",
        required: true,
        invalid: error?.field === "email",
      }),
      h("button", { type: "submit", className: "button" }, "Send reset link"),
    ),
    h("hr", null),
    h(AccountLinks, {
      links: [
        { href: accountPageUrl(context.baseUrl, "signin", model.callbackUrl), text: "Back to sign in" },
      ],
    }),
  );
  return { title: "Reset your password", status: 200, content, css: themeCss(context.theme) };
}
