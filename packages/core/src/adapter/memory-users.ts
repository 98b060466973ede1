import { base64url } from "jose";
import { ConfigError } from "../errors/config-error.ts";
import type { AdapterUser, UserSearch, UserSummary } from "./adapter.ts";
import type { MemoryAdapter } from "./memory-adapter.ts";
import { copyDate, validDate } from "./memory-copies.ts";

const STORAGE = "Gatehouse memory storage: searchUsers";
const SORTS = ["created", "email", "name"] as const;
const MAX_QUERY = 200;
/** A Date's range, in epoch milliseconds. */
const MAX_TIME = 8.64e15;
/** As the SQL adapter: a cursor stays under the 1000 characters the admin API accepts. */
const MAX_CURSOR_KEY_BYTES = 400;

type Sort = (typeof SORTS)[number];
type AdminMethods = Pick<MemoryAdapter, "searchUsers" | "userStats">;

/** What the admin list reads of the other tables: the users, and whose two-factor is on. */
export interface MemoryUserAdminRefs {
  users(): Iterable<AdapterUser>;
  user(id: string): AdapterUser | undefined;
  twoFactorOn(userId: string): boolean;
  /** Session records with `expires` after `now` (epoch ms). */
  liveSessions(now: number): number;
  /** Audit entries of `kind` at or after `since` (epoch ms). */
  auditEntries(kind: string, since: number): number;
}

/** Where a user stands in a sort: the key (epoch ms, or a folded email or name) and the id. */
interface Position {
  key: number | string;
  id: string;
  /** The key is only the start of one too long for a cursor (see `@gatehouse/sql`'s cursors). */
  truncated?: boolean;
}

/**
 * The memory adapter's admin list and overview counts, with the SQL adapter's semantics: the same
 * checks, the same folded keys (`foldKey`), code point order, ties broken by id, keyset pages after
 * an opaque cursor. It sorts every matching user for each page: fine for what this adapter is for.
 */
export function createMemoryUserAdmin(refs: MemoryUserAdminRefs): AdminMethods {
  return {
    async searchUsers(search) {
      const plan = readSearch(search);
      const positionOf = (user: AdapterUser): Position => ({ key: keyOf(plan.sort, user), id: user.id });
      const after = plan.after === null ? null : resolved(plan.after, plan, refs);
      const direction = plan.order === "asc" ? 1 : -1;
      const page = [...refs.users()]
        .filter((user) => matches(plan, user, refs))
        .map((user) => ({ user, position: positionOf(user) }))
        .filter(({ position }) => after === null || compare(position, after) * direction > 0)
        .sort((a, b) => compare(a.position, b.position) * direction)
        .slice(0, plan.limit + 1);
      const shown = page.slice(0, plan.limit);
      const last = shown.at(-1);
      return {
        users: shown.map(({ user }) => summaryOf(user, refs.twoFactorOn(user.id))),
        next: page.length > plan.limit && last !== undefined ? cursorOf(plan, last.position) : null,
      };
    },

    async userStats(query) {
      const now = validDate(query.now, "now").getTime();
      const since = validDate(query.since, "since").getTime();
      if (
        !Array.isArray(query.kinds) ||
        !query.kinds.every((kind) => typeof kind === "string" && kind !== "")
      ) {
        throw new ConfigError(
          "Gatehouse memory storage: userStats needs kinds as an array of non-empty strings",
        );
      }
      const users = [...refs.users()];
      return {
        users: users.length,
        disabledUsers: users.filter((user) => user.disabledAt != null).length,
        activeSessions: refs.liveSessions(now),
        events: Object.fromEntries(query.kinds.map((kind) => [kind, refs.auditEntries(kind, since)])),
      };
    },
  };
}

/**
 * The key the admin list sorts and searches by: NFKC, then lower case; "" for none (first in
 * ascending order). The SQL adapter stores the same (`gh_users.email_key`, `name_key`).
 */
export function foldKey(value: string | null | undefined): string {
  return value === null || value === undefined ? "" : value.normalize("NFKC").toLowerCase();
}

/**
 * Code point order, as SQLite (BINARY) and PostgreSQL (`"C"`) compare UTF-8. JavaScript's `<`
 * compares UTF-16 code units, which puts U+E000–U+FFFF after the astral planes: the units are moved
 * so that surrogates sort above them.
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

interface Plan {
  q: { text: string; folded: string } | null;
  disabled: boolean | undefined;
  unverified: boolean | undefined;
  twoFactor: boolean | undefined;
  role: string | undefined;
  sort: Sort;
  order: "asc" | "desc";
  after: Position | null;
  limit: number;
}

function readSearch(search: UserSearch): Plan {
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
  let q: Plan["q"] = null;
  if (search.q !== undefined) {
    const text = typeof search.q === "string" ? search.q.trim() : "";
    const length = [...text].length;
    if (length < 1 || length > MAX_QUERY || !storable(text)) {
      throw misuse(`q must be 1–${MAX_QUERY} characters of text once trimmed`);
    }
    q = { text, folded: foldKey(text) };
  }
  const cursor = search.cursor;
  return {
    q,
    disabled: search.disabled,
    unverified: search.unverified,
    twoFactor: search.twoFactor,
    role: search.role,
    sort,
    order,
    after: cursor === undefined || cursor === null ? null : readCursor(cursor, sort, order),
    limit,
  };
}

function matches(plan: Plan, user: AdapterUser, refs: MemoryUserAdminRefs): boolean {
  const { q } = plan;
  if (
    q !== null &&
    !foldKey(user.email).startsWith(q.folded) &&
    !foldKey(user.name).startsWith(q.folded) &&
    user.id !== q.text
  ) {
    return false;
  }
  return (
    (plan.disabled === undefined || plan.disabled === (user.disabledAt != null)) &&
    (plan.unverified === undefined || plan.unverified === (user.emailVerified === null)) &&
    (plan.twoFactor === undefined || plan.twoFactor === refs.twoFactorOn(user.id)) &&
    (plan.role === undefined || plan.role === user.role)
  );
}

function keyOf(sort: Sort, user: AdapterUser): number | string {
  if (sort === "created") return user.createdAt?.getTime() ?? 0;
  return foldKey(sort === "email" ? user.email : user.name);
}

function compare(a: Position, b: Position): number {
  const byKey =
    typeof a.key === "number" && typeof b.key === "number"
      ? a.key - b.key
      : compareCodePoints(String(a.key), String(b.key));
  return byKey !== 0 ? byKey : compareCodePoints(a.id, b.id);
}

/**
 * A cursor's position as the next page starts from it: a shortened key is the user's key, read by
 * id; the user gone, a bound that keeps every user after them (may repeat a few, never skips one).
 */
function resolved(after: Position, plan: Plan, refs: MemoryUserAdminRefs): Position {
  if (!after.truncated) return after;
  const user = refs.user(after.id);
  if (user !== undefined) return { key: keyOf(plan.sort, user), id: after.id };
  const start = String(after.key);
  return { key: plan.order === "asc" ? start : (prefixUpperBound(start) ?? start), id: after.id };
}

function cursorOf(plan: Plan, last: Position): string {
  const key = typeof last.key === "string" ? shortened(last.key) : last.key;
  const json = JSON.stringify({
    s: plan.sort,
    o: plan.order,
    k: key,
    i: last.id,
    ...(key !== last.key && { t: 1 }),
  });
  return base64url.encode(json);
}

function readCursor(cursor: unknown, sort: Sort, order: "asc" | "desc"): Position {
  const refused = misuse("cursor must be a `next` it returned for the same sort and order");
  if (typeof cursor !== "string" || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw refused;
  let value: unknown;
  try {
    const bytes = base64url.decode(cursor);
    // Only the one spelling this storage writes.
    if (base64url.encode(bytes) !== cursor) throw refused;
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

/** The longest start of `key`, whole code points, of at most `MAX_CURSOR_KEY_BYTES` UTF-8 bytes. */
function shortened(key: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(key).length <= MAX_CURSOR_KEY_BYTES) return key;
  let bytes = 0;
  let end = 0;
  for (const char of key) {
    bytes += encoder.encode(char).length;
    if (bytes > MAX_CURSOR_KEY_BYTES) break;
    end += char.length;
  }
  return key.slice(0, end);
}

/** The least string after every string that starts with `prefix` (code point order), or null. */
function prefixUpperBound(prefix: string): string | null {
  const points = Array.from(prefix, (char) => char.codePointAt(0)!);
  while (points.length > 0) {
    const last = points.pop()!;
    if (last < 0x10ffff) {
      points.push(last === 0xd7ff ? 0xe000 : last + 1);
      return String.fromCodePoint(...points);
    }
  }
  return null;
}

function summaryOf(user: AdapterUser, twoFactor: boolean): UserSummary {
  return {
    id: user.id,
    name: user.name ?? null,
    email: user.email,
    emailVerified: copyDate(user.emailVerified),
    image: user.image ?? null,
    disabledAt: copyDate(user.disabledAt ?? null),
    role: user.role ?? null,
    createdAt: copyDate(user.createdAt ?? null),
    twoFactor,
  };
}

/** Text the SQL adapter stores as given (well-formed, no NUL): what it accepts, this accepts. */
function storable(text: string): boolean {
  return text.isWellFormed() && !text.includes("\u0000");
}

function isText(value: unknown): value is string {
  return typeof value === "string" && value !== "";
}

function misuse(problem: string): ConfigError {
  return new ConfigError(`${STORAGE} ${problem}`);
}
