import { AccountLinks, accountPageUrl } from "./account-links.ts";
import { FormPage } from "./form-page.ts";
import { inlineError } from "./inline-error.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { PASSKEY_SCRIPT, passkeyScriptWords } from "./passkey-script.ts";
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
  const { i18n } = context;
  const title = i18n.t("passkeySignup.title");
  const error = inlineError(i18n, model.error, "signup.failed");
  const content = h(
    FormPage,
    { title, error },
    h("p", null, i18n.t("passkeySignup.intro")),
    h("p", { "data-passkey-unsupported": "" }, i18n.t("passkeySignup.unsupported")),
    h(
      "form",
      {
        className: "stack",
        hidden: true,
        "aria-label": title,
        "data-passkey": "signup",
        "data-base": context.baseUrl,
        "data-csrf-token": model.csrfToken,
        "data-callback-url": model.callbackUrl,
        ...passkeyScriptWords(i18n, "PasskeyRegistrationFailed"),
      },
      h(TextField, {
        id: "passkey-signup-email",
        name: "email",
        label: i18n.t("field.email"),
        type: "email",
        autoComplete: "email",
        required: true,
        invalid: error?.field === "email",
      }),
      h(TextField, {
        id: "passkey-signup-name",
        name: "name",
        label: i18n.t("field.nameOptional"),
        type: "text",
        autoComplete: "name",
      }),
      h("button", { type: "submit", className: "button" }, i18n.t("passkeySignup.submit")),
    ),
    h("hr", null),
    h(AccountLinks, {
      links: [
        {
          href: accountPageUrl(context.baseUrl, "signin", model.callbackUrl),
          text: i18n.t("common.haveAccount"),
        },
      ],
    }),
  );
  return { title, status: 200, content, css: themeCss(context.theme), script: PASSKEY_SCRIPT };
}
