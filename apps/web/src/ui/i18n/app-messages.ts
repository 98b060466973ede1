import type { MessageOverrides } from "./i18n.ts";

/**
 * This app's own words for the consoles: messages to add or to override, by language and namespace,
 * laid over the built-in ones (main.tsx). Empty in the demo.
 *
 * @example export const APP_MESSAGES: MessageOverrides = { de: { common: { home: { heading: "Willkommen bei Acme" } } } };
 */
export const APP_MESSAGES: MessageOverrides = {};
