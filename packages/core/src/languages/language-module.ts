import type { Messages } from "../i18n/messages/en.ts";
import type { GatehouseModule } from "../modules/module.ts";

/** A language module Gatehouse ships: every message of core's keys in one language, under its tag. */
export type LanguageModule<Tag extends string> = GatehouseModule & {
  readonly id: `language-${Lowercase<Tag>}`;
  readonly messages: { readonly [T in Tag]: Messages };
};
