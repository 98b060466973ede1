import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { themeCss } from "./theme.ts";

type AccountSecuredModel = Extract<PageModel, { page: "account-secured" }>;

/**
 * GET BASE/account-secured: where an email link or a provider sign-in lands when it claimed an
 * account someone else had created with the address (pre-account hijacking): it says what was
 * removed, and leads on.
 */
export function accountSecuredPage(model: AccountSecuredModel, context: PageContext): PageView {
  const { i18n } = context;
  const title = i18n.t("accountSecured.title");
  const content = h(
    "div",
    null,
    h("h1", null, title),
    h("div", { className: "notice", role: "status" }, i18n.t("accountSecured.text")),
    h("p", null, i18n.t("accountSecured.next")),
    h("a", { className: "button", href: model.continueUrl }, i18n.t("common.continue")),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}
