import { de } from "./de.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { ja } from "./ja.ts";
import { ptBR } from "./pt-BR.ts";

export { de, es, fr, ja, ptBR };

/**
 * The five languages Gatehouse ships besides English, as language modules, in the order the web app
 * offers them. Each is also its own subpath (`@gatehouse/core/languages/de`), so an app that wants one
 * language bundles only that one.
 *
 * @example
 * import { languages } from "@gatehouse/core/languages";
 * gatehouse({ ...options, modules: [...languages] });
 */
export const languages = [de, fr, es, ja, ptBR] as const;
