import { defineModule } from "../modules/module.ts";
import type { LanguageModule } from "./language-module.ts";
import { de as messages } from "./messages/de.ts";

/**
 * German: every message of core's pages and mails, as a language module.
 *
 * @example
 * import { de } from "@gatehouse/core/languages/de";
 * gatehouse({ ...options, modules: [de] });
 */
export const de: LanguageModule<"de"> = defineModule({ id: "language-de", messages: { de: messages } });
