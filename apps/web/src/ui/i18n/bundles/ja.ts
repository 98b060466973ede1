import account from "../account/ja.ts";
import admin from "../admin/ja.ts";
import type { LanguageBundle } from "../catalogue.ts";
import common from "../common/ja.ts";

/** Japanese, every namespace. A chunk of its own, loaded when the page speaks it (load-language.ts). */
export default { common, account, admin } satisfies LanguageBundle;
