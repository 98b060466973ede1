/** A set of passwords that can be asked whether it holds one. Compatible with core's `BreachedList`. */
export interface CommonPasswordList {
  /** Whether `password` (already NFKC-normalised, as core's `normalizePassword` does) is listed. */
  has(password: string): boolean;
  /** How many entries the list holds. */
  readonly size: number;
}

let loading: Promise<CommonPasswordList> | undefined;

/**
 * Loads the 100,000 most common breached passwords of at least 8 characters, once per process.
 *
 * The list (about 0.9 MB of text) is a module of its own, imported here on first call, so code that
 * never checks a password never loads it, and a bundler can split it into a chunk of its own.
 *
 * @example
 * const breached = await loadCommonPasswords();
 * await checkPassword(input, { breached }); // from @gatehouse/core
 */
export function loadCommonPasswords(): Promise<CommonPasswordList> {
  loading ??= import("./data/passwords.ts").then((module) => sortedList(module.default.split("\n")));
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
