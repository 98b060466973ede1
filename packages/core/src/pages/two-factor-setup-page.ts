import { errorCatalogue } from "../errors/catalogue.ts";
import { FormPage } from "./form-page.ts";
import { HiddenFields } from "./hidden-fields.ts";
import { type InlineError, inlineError } from "./inline-error.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { QrCode } from "./qr-code.ts";
import { TextField } from "./text-field.ts";
import { themeCss } from "./theme.ts";

type TwoFactorSetupModel = Extract<PageModel, { page: "two-factor-setup" }>;

/** The base32 key in groups of four, as authenticator apps show and accept it ("ABCD EFGH …"). */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * GET BASE/two-factor-setup: turning two-step verification on (and where `twoFactor.required` sends
 * a user without it). The pending enrolment's QR code, its key as text for whoever cannot scan, and
 * the first code, posted to BASE/two-factor-setup; a second form asks for a new key. No JavaScript.
 */
export function twoFactorSetupPage(model: TwoFactorSetupModel, context: PageContext): PageView {
  const error = codeError(model.error);
  const action = `${context.baseUrl}/two-factor-setup`;
  const content = h(
    FormPage,
    { title: "Set up two-step verification", error },
    h(
      "p",
      null,
      "Each time you sign in, you will also enter a code from an authenticator app on your phone.",
    ),
    h("p", null, h("strong", null, "1. Scan this QR code with your authenticator app.")),
    h(QrCode, { svg: model.qrSvg, label: "QR code to add this account to an authenticator app" }),
    h(
      "p",
      null,
      "Cannot scan it? Enter this key in the app instead:",
      h("br", null),
      h("strong", { className: "secret" }, groupedKey(model.secret)),
    ),
    h("p", null, h("strong", null, "2. Enter the code the app shows.")),
    h(
      "form",
      { method: "post", action, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h(TextField, {
        id: "two-factor-setup-code",
        name: "code",
        label: "Code",
        hint: "6 digits",
        type: "text",
        autoComplete: "one-time-code",
        inputMode: "numeric",
        required: true,
        // Six digits, or seven characters as apps show them ("123 456").
        maxLength: 7,
        invalid: error !== null,
      }),
      h("button", { type: "submit", className: "button" }, "Turn on two-step verification"),
    ),
    h(
      "form",
      { method: "post", action, className: "links" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h("input", { type: "hidden", name: "newKey", defaultValue: "1" }),
      h("button", { type: "submit", className: "link-button" }, "Get a new key"),
    ),
  );
  return { title: "Set up two-step verification", status: 200, content, css: themeCss(context.theme) };
}

/** A wrong code is about the one field; anything else as the other form pages show it. */
function codeError(code: TwoFactorSetupModel["error"]): InlineError | null {
  if (code === "TwoFactorCodeInvalid") return { message: errorCatalogue[code].message, field: null };
  return inlineError(code, "Unable to check the code.");
}
