import account from "../account/en.ts";
import admin from "../admin/en.ts";
import type { LanguageBundle } from "../catalogue.ts";
import common from "../common/en.ts";

/** English, every namespace. In the main chunk: the fallback, and the reference the code reads keys from. */
export default { common, account, admin } satisfies LanguageBundle;
