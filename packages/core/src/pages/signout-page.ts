import { errorMessage } from "../i18n/translated-errors.ts";
import { ErrorBox } from "./error-box.ts";
import { HiddenFields } from "./hidden-fields.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { themeCss } from "./theme.ts";

type SignOutModel = Extract<PageModel, { page: "signout" }>;

/**
 * GET BASE/signout: a confirmation form. The only error a sign-out can meet is a failed CSRF check
 * (docs/protocol.md §3), so only `MissingCSRF` is shown; other codes are ignored.
 */
export function signOutPage(model: SignOutModel, context: PageContext): PageView {
  const { i18n } = context;
  const title = i18n.t("signout.title");
  const content = h(
    "div",
    null,
    h("h1", null, title),
    model.error === "MissingCSRF" ? h(ErrorBox, { message: errorMessage(i18n, "MissingCSRF") }) : null,
    h("p", null, i18n.t("signout.question")),
    h(
      "form",
      { method: "post", action: `${context.baseUrl}/signout`, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h("button", { type: "submit", className: "button" }, i18n.t("signout.submit")),
    ),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}
