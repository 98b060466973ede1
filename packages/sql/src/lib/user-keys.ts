/**
 * The keys the admin user list sorts and searches by (`gh_users.email_key`, `gh_users.name_key`,
 * migration 007): the email and the name folded — NFKC, then lower case — so that "émile", "Émile"
 * and "ÉMILE" sort together and one search finds all three. Computed here, in JavaScript, and stored,
 * rather than `lower(name)` in an expression index, because the databases fold differently: SQLite's
 * `lower()` changes ASCII letters only, PostgreSQL's follows the server's locale. A stored key sorts
 * and compares the same everywhere — code point order (SQLite's BINARY, PostgreSQL's `"C"`
 * collation, which the columns are declared with) — and the memory adapter folds the same way.
 *
 * A missing value folds to "": users without an email (or name) sort first in ascending order and
 * last in descending, on every storage, and no search text (never empty) matches them by it.
 */
export function foldKey(value: string | null | undefined): string {
  return value === null || value === undefined ? "" : value.normalize("NFKC").toLowerCase();
}

const MAX_CODE_POINT = 0x10ffff;

/**
 * The least string greater than every string that starts with `prefix`, in code point order, or
 * null when there is none (the prefix is all U+10FFFF): with it, "starts with" is the index range
 * `key >= prefix AND key < upper`, which a B-tree under a code point order answers directly —
 * no `LIKE`, whose index use depends on the collation (PostgreSQL) or a pragma (SQLite).
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
