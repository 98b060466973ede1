import { AccountLinks, accountPageUrl } from "./account-links.ts";
import { FormPage } from "./form-page.ts";
import { HiddenFields } from "./hidden-fields.ts";
import { inlineError } from "./inline-error.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { NEW_PASSWORD, TextField } from "./text-field.ts";
import { themeCss } from "./theme.ts";

type SignUpModel = Extract<PageModel, { page: "signup" }>;

/**
 * GET BASE/signup: email, optional name and a new password, posted to BASE/signup. What follows is
 * the same whether or not the address already has an account (a mail either way), so this page never
 * says which.
 */
export function signUpPage(model: SignUpModel, context: PageContext): PageView {
  const error = inlineError(model.error, "Unable to create the account.");
  const content = h(
    FormPage,
    { title: "Create an account", error },
    h(
      "form",
      { method: "post", action: `${context.baseUrl}/signup`, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h(TextField, {
        id: "signup-email",
        name: "email",
        label: "Email",
        type: "email",
        autoComplete: "email",
        required: true,
        invalid: error?.field === "email",
      }),
      h(TextField, {
        id: "signup-name",
        name: "name",
        label: "Name (optional)",
        type: "text",
        autoComplete: "name",
      }),
      h(TextField, {
        ...NEW_PASSWORD,
        id: "signup-password",
        name: "password",
        label: "Password",
        invalid: error?.field === "password",
      }),
      h("button", { type: "submit", className: "button" }, "Create account"),
    ),
    h("hr", null),
    h(AccountLinks, {
      links: [
        {
          href: accountPageUrl(context.baseUrl, "signin", model.callbackUrl),
          text: "Already have an account? Sign in",
        },
        model.passkeySignUp
          ? {
              href: accountPageUrl(context.baseUrl, "passkey-signup", model.callbackUrl),
              text: "Use a passkey instead of a password",
            }
          : null,
      ].filter((link) => link !== null),
    }),
  );
  return { title: "Create an account", status: 200, content, css: themeCss(context.theme) };
}
