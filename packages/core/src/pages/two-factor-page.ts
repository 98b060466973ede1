import { errorCatalogue } from "../errors/catalogue.ts";
import { AccountLinks } from "./account-links.ts";
import { FormPage } from "./form-page.ts";
import { HiddenFields } from "./hidden-fields.ts";
import { type InlineError, inlineError } from "./inline-error.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { TextField } from "./text-field.ts";
import { themeCss } from "./theme.ts";

type TwoFactorModel = Extract<PageModel, { page: "two-factor" }>;

/**
 * GET BASE/two-factor: the second step of a sign-in, one thing per page — the authenticator app's
 * code, or (after the link) a backup code. Posts to BASE/two-factor; the pending sign-in travels in
 * its cookie, never in the form. No JavaScript: the switch between the two is a plain link.
 */
export function twoFactorPage(model: TwoFactorModel, context: PageContext): PageView {
  const error = codeError(model.error);
  const backup = model.method === "backup";
  const content = h(
    FormPage,
    { title: "Two-step verification", error },
    h(
      "p",
      null,
      backup
        ? "Enter one of the backup codes you saved when you turned on two-step verification. Each code works once."
        : "Open your authenticator app and enter the 6-digit code it shows for this account.",
    ),
    h(
      "form",
      { method: "post", action: `${context.baseUrl}/two-factor`, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: "" }),
      backup
        ? h(TextField, {
            id: "two-factor-backup-code",
            name: "backupCode",
            label: "Backup code",
            type: "text",
            autoComplete: "off",
            required: true,
            maxLength: 24,
            hint: "10 letters and digits, like abcde-23456",
            invalid: error !== null,
          })
        : h(TextField, {
            id: "two-factor-code",
            name: "code",
            label: "Code",
            type: "text",
            autoComplete: "one-time-code",
            inputMode: "numeric",
            required: true,
            // Six digits, or seven characters as apps show them ("123 456").
            maxLength: 7,
            hint: "6 digits",
            invalid: error !== null,
          }),
      h("button", { type: "submit", className: "button" }, "Continue"),
    ),
    h(AccountLinks, {
      links: backup
        ? [{ href: `${context.baseUrl}/two-factor`, text: "Use your authenticator app instead" }]
        : [{ href: `${context.baseUrl}/two-factor?method=backup`, text: "Use a backup code instead" }],
    }),
  );
  return { title: "Two-step verification", status: 200, content, css: themeCss(context.theme) };
}

/** A wrong code is about the one field; anything else as the other form pages show it. */
function codeError(code: TwoFactorModel["error"]): InlineError | null {
  if (code === "TwoFactorCodeInvalid") return { message: errorCatalogue[code].message, field: null };
  return inlineError(code, "Unable to check the code.");
}
