import { defineModule } from "../modules/module.ts";
import type { LanguageModule } from "./language-module.ts";
import { ja as messages } from "./messages/ja.ts";

/**
 * Japanese: every message of core's pages and mails, as a language module.
 *
 * @example
 * import { ja } from "@gatehouse/core/languages/ja";
 * gatehouse({ ...options, modules: [ja] });
 */
export const ja: LanguageModule<"ja"> = defineModule({ id: "language-ja", messages: { ja: messages } });
