/**
 * The keys the admin user list sorts and searches by: a user's email and name folded — NFKC, then
 * lower case — so that "émile", "Émile" and "ÉMILE" sort together and one search finds all three.
 * The SQL adapter stores them (`gh_users.email_key`, `gh_users.name_key`, migration 007) rather
 * than folding in SQL, because the databases fold differently: SQLite's `lower()` changes ASCII
 * letters only, PostgreSQL's follows the server's locale. A stored key sorts and compares the same
 * everywhere — code point order (SQLite's BINARY, PostgreSQL's `"C"` collation) — and the memory
 * adapter folds and compares the same way, here.
 *
 * A missing value folds to "": users without an email (or name) sort first in ascending order and
 * last in descending, on every storage, and no search text (never empty) matches them by it.
 *
 * @example
 * foldKey("ÉMILE") === foldKey("émile"); // true
 */
export function foldKey(value: string | null | undefined): string {
  return value === null || value === undefined ? "" : value.normalize("NFKC").toLowerCase();
}

/**
 * Code point order, as SQLite (BINARY) and PostgreSQL (`"C"`) compare UTF-8: negative when `a`
 * sorts first. JavaScript's `<` compares UTF-16 code units, which puts U+E000–U+FFFF after the
 * astral planes: the units are moved so that surrogates sort above them.
 *
 * @example
 * users.sort((a, b) => compareCodePoints(foldKey(a.name), foldKey(b.name)));
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

const codePointRank = (unit: number) =>
  unit < 0xd800 ? unit : unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;

const MAX_CODE_POINT = 0x10ffff;

/**
 * The least string greater than every string that starts with `prefix`, in code point order, or
 * null when there is none (the prefix is all U+10FFFF): with it, "starts with" is the index range
 * `key >= prefix AND key < upper`, which a B-tree under a code point order answers directly —
 * no `LIKE`, whose index use depends on the collation (PostgreSQL) or a pragma (SQLite).
 *
 * @example
 * prefixUpperBound("emi"); // "emj"
 */
export function prefixUpperBound(prefix: string): string | null {
  const points = Array.from(prefix, (char) => char.codePointAt(0)!);
  while (points.length > 0) {
    const last = points.pop()!;
    if (last < MAX_CODE_POINT) {
      // Past the surrogates, which no well-formed string holds.
      points.push(last === 0xd7ff ? 0xe000 : last + 1);
      return String.fromCodePoint(...points);
    }
  }
  return null;
}
