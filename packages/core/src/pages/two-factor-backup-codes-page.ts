import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { themeCss } from "./theme.ts";

type BackupCodesModel = Extract<PageModel, { page: "two-factor-backup-codes" }>;

/**
 * After a right first code on BASE/two-factor-setup: two-step verification is on, and the ten backup
 * codes are shown this once (only their hashes are stored), then a link on to the callback URL. The
 * response is `no-store`, as every page's: Back or a reload does not show the codes again.
 */
export function twoFactorBackupCodesPage(model: BackupCodesModel, context: PageContext): PageView {
  const content = h(
    "div",
    null,
    h("h1", null, "Save your backup codes"),
    h("div", { className: "notice", role: "status" }, "Two-step verification is on."),
    h(
      "p",
      null,
      "If you lose your phone, sign in with one of these codes instead. Each code works once. Keep them somewhere safe: they are not shown again.",
    ),
    h(
      "ul",
      { className: "codes", "aria-label": "Backup codes" },
      model.backupCodes.map((code) => h("li", { key: code }, code)),
    ),
    h("a", { className: "button", href: model.continueUrl }, "Continue"),
  );
  return { title: "Save your backup codes", status: 200, content, css: themeCss(context.theme) };
}
