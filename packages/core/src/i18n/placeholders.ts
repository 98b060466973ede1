/** A `{name}` in a message: a letter, then letters and digits. */
export const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The placeholder names of a message, sorted, each once: what two languages of a message must share. */
export function placeholdersOf(message: string): string[] {
  return [...new Set(Array.from(message.matchAll(PLACEHOLDER), (match) => match[1] ?? ""))].sort();
}
