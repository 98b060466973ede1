import { de as messages } from "../i18n/messages/de.ts";
import { defineModule } from "../modules/module.ts";

/**
 * German: every message of core's pages and mails, as a language module.
 *
 * @example
 * import { de } from "@gatehouse/core/languages/de";
 * gatehouse({ ...options, modules: [de] });
 */
export const de = defineModule({ id: "language-de", messages: { de: messages } });
