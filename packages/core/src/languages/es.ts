import { es as messages } from "../i18n/messages/es.ts";
import { defineModule } from "../modules/module.ts";

/**
 * Spanish: every message of core's pages and mails, as a language module.
 *
 * @example
 * import { es } from "@gatehouse/core/languages/es";
 * gatehouse({ ...options, modules: [es] });
 */
export const es = defineModule({ id: "language-es", messages: { es: messages } });
