import { errorCatalogue } from "../errors/catalogue.ts";
import { AccountLinks, accountPageUrl } from "./account-links.ts";
import { FormPage } from "./form-page.ts";
import { inlineError } from "./inline-error.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { PASSKEY_SCRIPT } from "./passkey-script.ts";
import { TextField } from "./text-field.ts";
import { themeCss } from "./theme.ts";

type PasskeySignUpModel = Extract<PageModel, { page: "passkey-signup" }>;

/**
 * GET BASE/passkey-signup: an account with a passkey and no password. The form is the page's
 * script's (passkey-script.ts): it asks for options for the address, lets the browser create the
 * passkey and posts it, then follows the answer (usually "check your email"). Without a browser
 * that can, the form stays hidden and the page says what is needed. As with password sign-up,
 * nothing here says whether the address already has an account.
 */
export function passkeySignUpPage(model: PasskeySignUpModel, context: PageContext): PageView {
  const error = inlineError(model.error, "Unable to create the account.");
  const content = h(
    FormPage,
    { title: "Create an account with a passkey", error },
    h("p", null, "A passkey signs you in with your fingerprint, face or screen lock, instead of a password."),
    h(
      "p",
      { "data-passkey-unsupported": "" },
      "Creating an account with a passkey needs a browser that supports passkeys, with JavaScript turned on.",
    ),
    h(
      "form",
      {
        className: "stack",
        hidden: true,
        "aria-label": "Create an account with a passkey",
        "data-passkey": "signup",
        "data-base": context.baseUrl,
        "data-csrf-token": model.csrfToken,
        "data-callback-url": model.callbackUrl,
        "data-failure": errorCatalogue.PasskeyRegistrationFailed.message,
      },
      h(TextField, {
        id: "passkey-signup-email",
        name: "email",
        label: "Email",
        type: "email",
        autoComplete: "email",
        required: true,
        invalid: error?.field === "email",
      }),
      h(TextField, {
        id: "passkey-signup-name",
        name: "name",
        label: "Name (optional)",
        type: "text",
        autoComplete: "name",
      }),
      h("button", { type: "submit", className: "button" }, "Create account with a passkey"),
    ),
    h("hr", null),
    h(AccountLinks, {
      links: [
        {
          href: accountPageUrl(context.baseUrl, "signin", model.callbackUrl),
          text: "Already have an account? Sign in",
        },
      ],
    }),
  );
  return {
    title: "Create an account with a passkey",
    status: 200,
    content,
    css: themeCss(context.theme),
    script: PASSKEY_SCRIPT,
  };
}
