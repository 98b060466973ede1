import { ptBR as messages } from "../i18n/messages/pt-BR.ts";
import { defineModule } from "../modules/module.ts";

/**
 * Portuguese as written in Brazil: every message of core's pages and mails, as a language module.
 * A request for `pt` or `pt-PT` gets it too.
 *
 * @example
 * import { ptBR } from "@gatehouse/core/languages/pt-BR";
 * gatehouse({ ...options, modules: [ptBR] });
 */
export const ptBR = defineModule({ id: "language-pt-br", messages: { "pt-BR": messages } });
