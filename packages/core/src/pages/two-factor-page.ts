import { errorMessage } from "../i18n/translated-errors.ts";
import type { Translator } from "../i18n/translator.ts";
import { AccountLinks } from "./account-links.ts";
import { FormPage } from "./form-page.ts";
import { HiddenFields } from "./hidden-fields.ts";
import { type InlineError, inlineError } from "./inline-error.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { TextField } from "./text-field.ts";
import { themeCss } from "./theme.ts";

type TwoFactorModel = Extract<PageModel, { page: "two-factor" }>;

/** The digits of an authenticator app's code, and a backup code's letters and digits (two-factor/). */
export const CODE_DIGITS = 6;
const BACKUP_CODE_LENGTH = 10;
const BACKUP_CODE_EXAMPLE = "abcde-23456";

/**
 * GET BASE/two-factor: the second step of a sign-in, one thing per page — the authenticator app's
 * code, or (after the link) a backup code. Posts to BASE/two-factor; the pending sign-in travels in
 * its cookie, never in the form. No JavaScript: the switch between the two is a plain link.
 */
export function twoFactorPage(model: TwoFactorModel, context: PageContext): PageView {
  const { i18n } = context;
  const title = i18n.t("twoFactor.title");
  const error = codeError(i18n, model.error);
  const backup = model.method === "backup";
  const content = h(
    FormPage,
    { title, error },
    h(
      "p",
      null,
      backup ? i18n.t("twoFactor.backupIntro") : i18n.t("twoFactor.codeIntro", { digits: CODE_DIGITS }),
    ),
    h(
      "form",
      { method: "post", action: `${context.baseUrl}/two-factor`, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: "" }),
      backup
        ? h(TextField, {
            id: "two-factor-backup-code",
            name: "backupCode",
            label: i18n.t("twoFactor.backupLabel"),
            type: "text",
            autoComplete: "off",
            required: true,
            maxLength: 24,
            hint: i18n.t("twoFactor.backupHint", { count: BACKUP_CODE_LENGTH, example: BACKUP_CODE_EXAMPLE }),
            invalid: error !== null,
          })
        : h(TextField, {
            id: "two-factor-code",
            name: "code",
            label: i18n.t("twoFactor.codeLabel"),
            type: "text",
            autoComplete: "one-time-code",
            inputMode: "numeric",
            required: true,
            // Six digits, or seven characters as apps show them ("123 456").
            maxLength: 7,
            hint: i18n.t("twoFactor.codeHint", { digits: CODE_DIGITS }),
            invalid: error !== null,
          }),
      h("button", { type: "submit", className: "button" }, i18n.t("common.continue")),
    ),
    h(AccountLinks, {
      links: backup
        ? [{ href: `${context.baseUrl}/two-factor`, text: i18n.t("twoFactor.useApp") }]
        : [{ href: `${context.baseUrl}/two-factor?method=backup`, text: i18n.t("twoFactor.useBackup") }],
    }),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}

/** A wrong code is about the one field; anything else as the other form pages show it. */
export function codeError(i18n: Translator, code: TwoFactorModel["error"]): InlineError | null {
  if (code === "TwoFactorCodeInvalid" || code === "BackupCodeUsed") {
    return { message: errorMessage(i18n, code), field: null };
  }
  return inlineError(i18n, code, "twoFactor.failed");
}
