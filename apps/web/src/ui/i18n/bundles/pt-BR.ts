import account from "../account/pt-BR.ts";
import admin from "../admin/pt-BR.ts";
import type { LanguageBundle } from "../catalogue.ts";
import common from "../common/pt-BR.ts";

/** Brazilian Portuguese, every namespace. A chunk of its own, loaded when the page speaks it (load-language.ts). */
export default { common, account, admin } satisfies LanguageBundle;
