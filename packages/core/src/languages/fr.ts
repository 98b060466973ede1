import { defineModule } from "../modules/module.ts";
import type { LanguageModule } from "./language-module.ts";
import { fr as messages } from "./messages/fr.ts";

/**
 * French: every message of core's pages and mails, as a language module.
 *
 * @example
 * import { fr } from "@gatehouse/core/languages/fr";
 * gatehouse({ ...options, modules: [fr] });
 */
export const fr: LanguageModule<"fr"> = defineModule({ id: "language-fr", messages: { fr: messages } });
