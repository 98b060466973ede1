import { FormPage } from "./form-page.ts";
import { HiddenFields } from "./hidden-fields.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { QrCode } from "./qr-code.ts";
import { TextField } from "./text-field.ts";
import { themeCss } from "./theme.ts";
import { CODE_DIGITS, codeError } from "./two-factor-page.ts";

type TwoFactorSetupModel = Extract<PageModel, { page: "two-factor-setup" }>;

/** The base32 key in groups of four, as authenticator apps show and accept it ("ABCD EFGH …"). */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * GET BASE/two-factor-setup: turning two-factor authentication on (and where `twoFactor.required` sends
 * a user without it). The pending enrolment's QR code, its key as text for whoever cannot scan, and
 * the first code, posted to BASE/two-factor-setup; a second form asks for a new key. No JavaScript.
 */
export function twoFactorSetupPage(model: TwoFactorSetupModel, context: PageContext): PageView {
  const { i18n } = context;
  const title = i18n.t("twoFactorSetup.title");
  const error = codeError(i18n, model.error);
  const action = `${context.baseUrl}/two-factor-setup`;
  const content = h(
    FormPage,
    { title, error },
    h("p", null, i18n.t("twoFactorSetup.intro")),
    h("p", null, h("strong", null, i18n.t("twoFactorSetup.scan"))),
    h(QrCode, { svg: model.qrSvg, label: i18n.t("twoFactorSetup.qrLabel") }),
    h(
      "p",
      null,
      i18n.t("twoFactorSetup.manual"),
      h("br", null),
      h("strong", { className: "secret" }, groupedKey(model.secret)),
    ),
    h("p", null, h("strong", null, i18n.t("twoFactorSetup.enterCode"))),
    h(
      "form",
      { method: "post", action, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h(TextField, {
        id: "two-factor-setup-code",
        name: "code",
        label: i18n.t("twoFactor.codeLabel"),
        hint: i18n.t("twoFactor.codeHint", { digits: CODE_DIGITS }),
        type: "text",
        autoComplete: "one-time-code",
        inputMode: "numeric",
        required: true,
        // Six digits, or seven characters as apps show them ("123 456").
        maxLength: 7,
        invalid: error !== null,
      }),
      h("button", { type: "submit", className: "button" }, i18n.t("twoFactorSetup.submit")),
    ),
    h(
      "form",
      { method: "post", action, className: "links" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h("input", { type: "hidden", name: "newKey", defaultValue: "1" }),
      h("button", { type: "submit", className: "link-button" }, i18n.t("twoFactorSetup.newKey")),
    ),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}
