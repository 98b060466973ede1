import { en, type Messages } from "./messages/en.ts";

/**
 * The messages core carries: English, the source of every key. The other languages Gatehouse ships
 * are language modules (`@gatehouse/core/languages/de`, …), so an app bundles only those it lists.
 */
export const ENGLISH: Messages = en;

/** Every message key, in English's order. */
export const MESSAGE_KEYS = Object.keys(en) as readonly (keyof Messages)[];
