import { Buffer } from "node:buffer";
import { ConfigError } from "@gatehouse/core";
import type { UserSearch } from "@gatehouse/core/adapter";
import { foldKey, prefixUpperBound } from "./user-keys.ts";

const STORAGE = "Gatehouse storage: searchUsers";
const SORTS = ["created", "email", "name"] as const;
const MAX_QUERY = 200;
/** A Date's range, in epoch milliseconds. */
const MAX_TIME = 8.64e15;

export type UserSort = (typeof SORTS)[number];

/**
 * The most UTF-8 bytes of a key a cursor holds: with an id of 255 characters (the longest the admin
 * API looks up) the cursor stays under the 1000 characters the admin API accepts.
 */
const MAX_CURSOR_KEY_BYTES = 400;

/** Where a page ends: the last user's sort key (epoch ms for `created`, else a folded key) and id. */
export interface UserPosition {
  key: number | string;
  id: string;
  /**
   * `key` is only the start of the user's key (a name too long for a cursor): the next page looks
   * the key up by `id`, or — the user deleted meanwhile — starts from where that start sorts, which
   * may show a few users again but skips none.
   */
  truncated?: boolean;
}

/** A `UserSearch`, checked and resolved: what the page's statement is built from. */
export interface UserSearchPlan {
  /** The search text (trimmed), its folded form, and the end of the folded form's prefix range. */
  q: { text: string; folded: string; upper: string | null } | null;
  disabled: boolean | undefined;
  unverified: boolean | undefined;
  twoFactor: boolean | undefined;
  role: string | undefined;
  sort: UserSort;
  order: "asc" | "desc";
  after: UserPosition | null;
  limit: number;
}

/**
 * Checks a search and resolves its defaults. Misuse — a limit outside 1–100, an unknown sort or
 * order, a filter of the wrong type, search text empty or too long, a cursor this storage did not
 * hand out or handed out for another sort or order — is a `ConfigError` (a `TypeError`), thrown
 * before any SQL runs.
 */
export function readUserSearch(search: UserSearch): UserSearchPlan {
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
  return {
    q: search.q === undefined ? null : readQuery(search.q),
    disabled: search.disabled,
    unverified: search.unverified,
    twoFactor: search.twoFactor,
    role: search.role,
    sort,
    order,
    after:
      search.cursor === undefined || search.cursor === null ? null : readCursor(search.cursor, sort, order),
    limit,
  };
}

/**
 * The cursor of the page after `last`: base64url of JSON naming the sort, the order and the last
 * user's key and id. Opaque to callers; it holds a folded email or name (for those sorts), so it is
 * as private as the page it follows.
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
  return Buffer.from(json, "utf8").toString("base64url");
}

/** The longest start of `key`, whole code points, of at most `MAX_CURSOR_KEY_BYTES` bytes. */
function shortened(key: string): string {
  if (Buffer.byteLength(key, "utf8") <= MAX_CURSOR_KEY_BYTES) return key;
  let bytes = 0;
  let end = 0;
  for (const char of key) {
    bytes += Buffer.byteLength(char, "utf8");
    if (bytes > MAX_CURSOR_KEY_BYTES) break;
    end += char.length;
  }
  return key.slice(0, end);
}

function readCursor(cursor: unknown, sort: UserSort, order: "asc" | "desc"): UserPosition {
  const refused = misuse("cursor must be a `next` it returned for the same sort and order");
  if (typeof cursor !== "string" || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw refused;
  const bytes = Buffer.from(cursor, "base64url");
  // Node decodes leniently; only the one spelling this storage writes is accepted.
  if (bytes.toString("base64url") !== cursor) throw refused;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw refused;
  }
  if (typeof value !== "object" || value === null) throw refused;
  const { s, o, k, i, t } = value as Record<string, unknown>;
  if (s !== sort || o !== order || !isText(i) || (t !== undefined && (t !== 1 || sort === "created"))) {
    throw refused;
  }
  const keyFits =
    sort === "created"
      ? Number.isSafeInteger(k) && Math.abs(k as number) <= MAX_TIME
      : typeof k === "string" && storable(k);
  if (!keyFits) throw refused;
  return { key: k as number | string, id: i, ...(t === 1 && { truncated: true }) };
}

function readQuery(q: unknown): NonNullable<UserSearchPlan["q"]> {
  if (typeof q !== "string") throw misuse("q must be a string");
  const text = q.trim();
  const length = [...text].length;
  if (length < 1 || length > MAX_QUERY || !storable(text)) {
    throw misuse(`q must be 1–${MAX_QUERY} characters of text once trimmed`);
  }
  const folded = foldKey(text);
  return { text, folded, upper: prefixUpperBound(folded) };
}

/** Text both databases store as given: well-formed (no lone surrogate) and without NUL, which PostgreSQL refuses. */
function storable(text: string): boolean {
  return text.isWellFormed() && !text.includes("\u0000");
}

function isText(value: unknown): value is string {
  return typeof value === "string" && value !== "";
}

function misuse(problem: string): ConfigError {
  return new ConfigError(`${STORAGE} ${problem}`);
}
