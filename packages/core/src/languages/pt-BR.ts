import { defineModule } from "../modules/module.ts";
import type { LanguageModule } from "./language-module.ts";
import { ptBR as messages } from "./messages/pt-BR.ts";

/**
 * Portuguese as written in Brazil: every message of core's pages and mails, as a language module.
 * A request for `pt` or `pt-PT` gets it too.
 *
 * @example
 * import { ptBR } from "@gatehouse/core/languages/pt-BR";
 * gatehouse({ ...options, modules: [ptBR] });
 */
export const ptBR: LanguageModule<"pt-BR"> = defineModule({
  id: "language-pt-br",
  messages: { "pt-BR": messages },
});
