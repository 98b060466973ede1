import type { GatehouseModule } from "@gatehouse/core";
import { languages } from "@gatehouse/core/languages";

/**
 * The languages of the web app: English (core's) and every language module Gatehouse ships, as the
 * consoles speak all six. `gatehouse()` gets them as `modules`, and the server's own negotiation
 * (index-language.ts, index-session.ts) the same list, so the UI and the built-in pages agree;
 * `i18n.locales` in the config file narrows them.
 */
export const LANGUAGE_MODULES: readonly GatehouseModule[] = [...languages];
