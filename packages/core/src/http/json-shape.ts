/** The deepest nesting of arrays and objects a JSON text may have (a body, a JSON field). */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/** What a scan of a JSON text finds, without parsing it. */
export interface JsonShape {
  /** The deepest nesting seen, up to `MAX_JSON_DEPTH + 1` (the scan stops there). */
  depth: number;
  /** Members of the outermost array or object, at most (commas at depth 1, plus one). */
  members: number;
}

/**
 * Scans JSON text for its nesting depth and its outermost member count, in one pass with no
 * allocation, so that a text too deep is refused BEFORE anything builds or walks it. `JSON.parse` is
 * iterative, but `JSON.stringify`, `structuredClone` and an app's callbacks recurse: a value 20,000
 * arrays deep (40 KB) overflows the stack in any of them. Brackets inside strings do not count. The
 * text need not be valid JSON; the parse that follows decides that.
 *
 * @example if (jsonShape(text).depth > MAX_JSON_DEPTH) throw new AuthError("InvalidBody")
 */
export function jsonShape(text: string): JsonShape {
  let depth = 0;
  let deepest = 0;
  let commas = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > MAX_JSON_DEPTH) break;
      }
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    } else if (c === COMMA && depth === 1) {
      commas++;
    }
  }
  return { depth: deepest, members: commas + 1 };
}
