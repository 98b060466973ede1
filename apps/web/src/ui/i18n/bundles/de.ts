import account from "../account/de.ts";
import admin from "../admin/de.ts";
import type { LanguageBundle } from "../catalogue.ts";
import common from "../common/de.ts";

/** German, every namespace. A chunk of its own, loaded when the page speaks it (load-language.ts). */
export default { common, account, admin } satisfies LanguageBundle;
