import { createContext, useContext } from "react";
import type { Language } from "./languages.ts";

/** The languages a person may pick from; empty when the server decides. */
export const LanguageChoices = createContext<readonly Language[]>([]);

/**
 * The languages the picker offers (main.tsx provides them).
 * @example const choices = useLanguageChoices(); if (choices.length < 2) return null
 */
export function useLanguageChoices(): readonly Language[] {
  return useContext(LanguageChoices);
}
