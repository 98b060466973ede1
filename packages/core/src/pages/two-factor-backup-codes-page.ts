import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { themeCss } from "./theme.ts";

type BackupCodesModel = Extract<PageModel, { page: "two-factor-backup-codes" }>;

/**
 * After a right first code on BASE/two-factor-setup: two-factor authentication is on, and the ten backup
 * codes are shown this once (only their hashes are stored), then a link on to the callback URL. The
 * response is `no-store`, as every page's: Back or a reload does not show the codes again.
 */
export function twoFactorBackupCodesPage(model: BackupCodesModel, context: PageContext): PageView {
  const { i18n } = context;
  const title = i18n.t("backupCodes.title");
  const content = h(
    "div",
    null,
    h("h1", null, title),
    h("div", { className: "notice", role: "status" }, i18n.t("backupCodes.on")),
    h("p", null, i18n.t("backupCodes.intro", { count: model.backupCodes.length })),
    h(
      "ul",
      { className: "codes", "aria-label": i18n.t("backupCodes.listLabel") },
      model.backupCodes.map((code) => h("li", { key: code }, code)),
    ),
    h("a", { className: "button", href: model.continueUrl }, i18n.t("common.continue")),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}
