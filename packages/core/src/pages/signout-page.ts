import { errorCatalogue } from "../errors/catalogue.ts";
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
  const content = h(
    "div",
    null,
    h("h1", null, "Sign out"),
    model.error === "MissingCSRF" ? h(ErrorBox, { message: errorCatalogue.MissingCSRF.message }) : null,
    h("p", null, "Are you sure you want to sign out?"),
    h(
      "form",
      { method: "post", action: `${context.baseUrl}/signout`, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h("button", { type: "submit", className: "button" }, "Sign out"),
    ),
  );
  return { title: "Sign out", status: 200, content, css: themeCss(context.theme) };
}
