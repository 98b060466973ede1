import account from "../account/es.ts";
import admin from "../admin/es.ts";
import type { LanguageBundle } from "../catalogue.ts";
import common from "../common/es.ts";

/** Spanish, every namespace. A chunk of its own, loaded when the page speaks it (load-language.ts). */
export default { common, account, admin } satisfies LanguageBundle;
