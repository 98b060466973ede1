import { defineModule } from "../modules/module.ts";
import type { LanguageModule } from "./language-module.ts";
import { es as messages } from "./messages/es.ts";

/**
 * Spanish: every message of core's pages and mails, as a language module.
 *
 * @example
 * import { es } from "@gatehouse/core/languages/es";
 * gatehouse({ ...options, modules: [es] });
 */
export const es: LanguageModule<"es"> = defineModule({ id: "language-es", messages: { es: messages } });
