import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { themeCss } from "./theme.ts";

type EmailVerifiedModel = Extract<PageModel, { page: "email-verified" }>;

/** After POST BASE/verify-email: the address is verified; a button on to sign in. */
export function emailVerifiedPage(model: EmailVerifiedModel, context: PageContext): PageView {
  const content = h(
    "div",
    null,
    h("h1", null, "Email verified"),
    h("p", null, "Your email address is confirmed. You can sign in now."),
    h("a", { className: "button", href: model.signInUrl }, "Sign in"),
  );
  return { title: "Email verified", status: 200, content, css: themeCss(context.theme) };
}
