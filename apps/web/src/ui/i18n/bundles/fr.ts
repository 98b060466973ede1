import account from "../account/fr.ts";
import admin from "../admin/fr.ts";
import type { LanguageBundle } from "../catalogue.ts";
import common from "../common/fr.ts";

/** French, every namespace. A chunk of its own, loaded when the page speaks it (load-language.ts). */
export default { common, account, admin } satisfies LanguageBundle;
