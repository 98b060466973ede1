import { fr as messages } from "../i18n/messages/fr.ts";
import { defineModule } from "../modules/module.ts";

/**
 * French: every message of core's pages and mails, as a language module.
 *
 * @example
 * import { fr } from "@gatehouse/core/languages/fr";
 * gatehouse({ ...options, modules: [fr] });
 */
export const fr = defineModule({ id: "language-fr", messages: { fr: messages } });
