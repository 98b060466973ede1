import { ConfigError } from "../errors/config-error.ts";
import type { UserSearch } from "./adapter.ts";
import { foldKey, prefixUpperBound } from "./user-keys.ts";

export type UserSort = NonNullable<UserSearch["sort"]>;

const SORTS: readonly UserSort[] = ["created", "email", "name"];
const MAX_QUERY = 200;
/** A Date's range, in epoch milliseconds. */
const MAX_TIME = 8.64e15;

/**
 * The most UTF-8 bytes of a key a cursor holds: with an id of 255 characters (the longest the admin
 * API looks up) the cursor stays under the 1000 characters the admin API accepts.
 */
const MAX_CURSOR_KEY_BYTES = 400;

/** Where a user stands in a sort: their key (epoch ms for `created`, else a folded key) and id. */
export interface UserPosition {
  key: number | string;
  id: string;
  /**
   * `key` is only the start of the user's key (a name too long for a cursor): the next page looks
   * the key up by `id`, or — the user deleted meanwhile — starts from `truncatedBound`.
   */
  truncated?: boolean;
}

/** A `UserSearch`, checked and resolved: what an adapter builds the page from. */
export interface UserSearchPlan {
  /** The search text (trimmed), its folded form, and the end of the folded form's prefix range. */
  q: { text: string; folded: string; upper: string | null } | null;
  disabled: boolean | undefined;
  unverified: boolean | undefined;
  twoFactor: boolean | undefined;
  role: string | undefined;
  sort: UserSort;
  order: "asc" | "desc";
  /** The position the page starts after (the cursor's), or null for the first page. */
  after: UserPosition | null;
  limit: number;
}

/**
 * Checks a search and resolves its defaults. Misuse — a limit outside 1–100, an unknown sort or
 * order, a filter of the wrong type, search text empty or too long, a cursor `userCursor` did not
 * write or wrote for another sort or order — is a `ConfigError` (a `TypeError`) whose message
 * starts with `storage` (the adapter's name for itself), thrown before any storage is read. Both
 * built-in adapters read searches here, so both take and refuse the same ones.
 *
 * @example
 * const plan = readUserSearch(search, "Gatehouse storage");
 */
export function readUserSearch(search: UserSearch, storage: string): UserSearchPlan {
  const misuse = (problem: string) => new ConfigError(`${storage}: searchUsers ${problem}`);
  if (typeof search !== "object" || search === null) throw misuse("needs a query object");
  const { limit, sort = "created" } = search;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw misuse("limit must be an integer 1–100");
  if (!SORTS.includes(sort)) throw misuse(`sort must be one of ${SORTS.join(", ")}`);
  const order = search.order ?? (sort === "created" ? "desc" : "asc");
  if (order !== "asc" && order !== "desc") throw misuse('order must be "asc" or "desc"');
  for (const filter of ["disabled", "unverified", "twoFactor"] as const) {
    if (search[filter] !== undefined && typeof search[filter] !== "boolean") {
      throw misuse(`${filter} must be a boolean`);
    }
  }
  if (search.role !== undefined && !(isText(search.role) && storable(search.role))) {
    throw misuse("role must be a non-empty string");
  }
  const q = search.q === undefined ? null : readQuery(search.q, misuse);
  let after: UserPosition | null = null;
  if (search.cursor !== undefined && search.cursor !== null) {
    after = readCursor(search.cursor, sort, order);
    if (after === null) throw misuse("cursor must be a `next` it returned for the same sort and order");
  }
  return {
    q,
    disabled: search.disabled,
    unverified: search.unverified,
    twoFactor: search.twoFactor,
    role: search.role,
    sort,
    order,
    after,
    limit,
  };
}

/**
 * The cursor of the page after `last`: base64url of JSON naming the sort, the order and the last
 * user's key and id. Opaque to callers; it holds a folded email or name (for those sorts), so it is
 * as private as the page it follows. A key longer than a cursor may hold is cut (and marked so).
 *
 * @example
 * const next = hasMore ? userCursor(plan, { key: last.nameKey, id: last.id }) : null;
 */
export function userCursor(plan: Pick<UserSearchPlan, "sort" | "order">, last: UserPosition): string {
  const key = typeof last.key === "string" ? shortened(last.key) : last.key;
  const json = JSON.stringify({
    s: plan.sort,
    o: plan.order,
    k: key,
    i: last.id,
    ...(key !== last.key && { t: 1 }),
  });
  return toBase64url(new TextEncoder().encode(json));
}

/**
 * Where the page after a truncated cursor starts when its user is gone (deleted between pages):
 * the key's start ascending, the end of its prefix range descending. A bound that keeps every user
 * after them: it may show a few users again, but skips none.
 *
 * @example
 * const key = user === undefined ? truncatedBound(after.key, plan.order) : keyOf(plan.sort, user);
 */
export function truncatedBound(key: string, order: "asc" | "desc"): string {
  return order === "asc" ? key : (prefixUpperBound(key) ?? key);
}

/** The position a cursor names, or null when `userCursor` did not write it for this sort and order. */
function readCursor(cursor: unknown, sort: UserSort, order: "asc" | "desc"): UserPosition | null {
  if (typeof cursor !== "string" || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let value: unknown;
  try {
    const bytes = fromBase64url(cursor);
    // Decoders are lenient (unused trailing bits); only the one spelling `userCursor` writes counts.
    if (toBase64url(bytes) !== cursor) return null;
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { s, o, k, i, t } = value as Record<string, unknown>;
  if (s !== sort || o !== order || !isText(i) || (t !== undefined && (t !== 1 || sort === "created"))) {
    return null;
  }
  const keyFits =
    sort === "created"
      ? Number.isSafeInteger(k) && Math.abs(k as number) <= MAX_TIME
      : typeof k === "string" && storable(k);
  if (!keyFits) return null;
  return { key: k as number | string, id: i, ...(t === 1 && { truncated: true }) };
}

function readQuery(q: unknown, misuse: (problem: string) => ConfigError): NonNullable<UserSearchPlan["q"]> {
  if (typeof q !== "string") throw misuse("q must be a string");
  const text = q.trim();
  const length = [...text].length;
  if (length < 1 || length > MAX_QUERY || !storable(text)) {
    throw misuse(`q must be 1–${MAX_QUERY} characters of text once trimmed`);
  }
  const folded = foldKey(text);
  return { text, folded, upper: prefixUpperBound(folded) };
}

/** The longest start of `key`, whole code points, of at most `MAX_CURSOR_KEY_BYTES` UTF-8 bytes. */
function shortened(key: string): string {
  let bytes = 0;
  let end = 0;
  for (const char of key) {
    const point = char.codePointAt(0)!;
    // A lone surrogate is written as U+FFFD: 3 bytes, as any other code point below U+10000.
    bytes += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
    if (bytes > MAX_CURSOR_KEY_BYTES) return key.slice(0, end);
    end += char.length;
  }
  return key;
}

function toBase64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** Throws on what is not base64url. */
function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Text both databases store as given: well-formed (no lone surrogate) and without NUL, which PostgreSQL refuses. */
function storable(text: string): boolean {
  return text.isWellFormed() && !text.includes("\u0000");
}

function isText(value: unknown): value is string {
  return typeof value === "string" && value !== "";
}
