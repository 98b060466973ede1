import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { themeCss } from "./theme.ts";

type EmailVerifiedModel = Extract<PageModel, { page: "email-verified" }>;

/** After POST BASE/verify-email: the address is verified; a button on to sign in. */
export function emailVerifiedPage(model: EmailVerifiedModel, context: PageContext): PageView {
  const { i18n } = context;
  const title = i18n.t("emailVerified.title");
  const content = h(
    "div",
    null,
    h("h1", null, title),
    h("p", null, i18n.t("emailVerified.text")),
    h("a", { className: "button", href: model.signInUrl }, i18n.t("common.signIn")),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}
