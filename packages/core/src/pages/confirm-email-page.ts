import { HiddenFields } from "./hidden-fields.ts";
import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { themeCss } from "./theme.ts";

type ConfirmModel = Extract<PageModel, { page: "confirm-email" }>;

/**
 * GET callback/<email id>: the sign-in link lands here. Nothing is used up by opening it — mail
 * scanners fetch links too — only the button's POST spends the token.
 */
export function confirmEmailPage(model: ConfirmModel, context: PageContext): PageView {
  const content = h(
    "div",
    null,
    h("h1", null, "Confirm sign in"),
    h("p", null, "Sign in as ", h("strong", null, model.email), "?"),
    h(
      "form",
      { method: "post", action: model.action, className: "stack" },
      h(HiddenFields, { csrfToken: model.csrfToken, callbackUrl: model.callbackUrl }),
      h("input", { type: "hidden", name: "token", defaultValue: model.token }),
      h("input", { type: "hidden", name: "email", defaultValue: model.email }),
      h("button", { type: "submit", className: "button" }, "Sign in"),
    ),
  );
  return { title: "Confirm sign in", status: 200, content, css: themeCss(context.theme) };
}
