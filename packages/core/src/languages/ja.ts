import { ja as messages } from "../i18n/messages/ja.ts";
import { defineModule } from "../modules/module.ts";

/**
 * Japanese: every message of core's pages and mails, as a language module.
 *
 * @example
 * import { ja } from "@gatehouse/core/languages/ja";
 * gatehouse({ ...options, modules: [ja] });
 */
export const ja = defineModule({ id: "language-ja", messages: { ja: messages } });
