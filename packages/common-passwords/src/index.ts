/** A set of passwords that can be asked whether it holds one. Compatible with core's `BreachedList`. */
export interface CommonPasswordList {
  /** Whether `password` (already NFKC-normalised, as core's `normalizePassword` does) is listed. */
  has(password: string): boolean;
  /** How many entries the list holds. */
  readonly size: number;
}

let loading: Promise<CommonPasswordList> | undefined;

/** The list, shipped as data beside the code: one entry per line, sorted by UTF-16 code unit. */
const DATA = new URL("../data/passwords.txt", import.meta.url);

/**
 * Loads the 100,000 most common breached passwords of at least 8 characters, once per process: a
 * 0.9 MB text file read from the package on the first call (with `node:fs`, so on Node.js, Deno and
 * Bun; elsewhere give the Password provider a list of your own). Nothing is read, and nothing of the
 * list is bundled, until then. Pass the function itself as the Password provider's
 * `breachedPasswords`, and the list is read on the first password checked.
 *
 * @example
 * Password({ sendMail, breachedPasswords: loadCommonPasswords }) // from @gatehouse/core
 * await checkPassword(input, { breached: await loadCommonPasswords() });
 */
export function loadCommonPasswords(): Promise<CommonPasswordList> {
  loading ??= import("node:fs/promises")
    .then(({ readFile }) => readFile(DATA, "utf8"))
    .then((text) => sortedList((text.endsWith("\n") ? text.slice(0, -1) : text).split("\n")));
  // A failed import is not cached: the next call tries again.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * A list over entries sorted by UTF-16 code unit (the default `<` order), searched by bisection: one
 * array of the strings and nothing else, where a `Set` would add a hash table of the same length.
 *
 * @example
 * sortedList(["aaaaaaaa", "password"]).has("password"); // true
 */
export function sortedList(sorted: readonly string[]): CommonPasswordList {
  for (let i = 1; i < sorted.length; i++) {
    if (!(sorted[i - 1]! < sorted[i]!))
      throw new TypeError(`sortedList: entries must be sorted and unique (at ${i})`);
  }
  return {
    size: sorted.length,
    has(password) {
      let low = 0;
      let high = sorted.length - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const entry = sorted[middle]!;
        if (entry === password) return true;
        if (entry < password) low = middle + 1;
        else high = middle - 1;
      }
      return false;
    },
  };
}
