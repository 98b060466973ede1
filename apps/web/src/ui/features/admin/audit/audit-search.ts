import { AUDIT_KINDS } from "@gatehouse/core/audit-kinds";
import type { AuditQuery } from "../../../api/admin.ts";
import type en from "../../../i18n/admin/en.ts";

/**
 * The audit kinds the console knows, in the order the log's filter offers them: core's, each named
 * in i18n/admin (`kinds.<kind>`; a kind core adds without a name there fails the type check below).
 */
export { AUDIT_KINDS };

AUDIT_KINDS satisfies ReadonlyArray<keyof typeof en.kinds>;

export type KnownKind = (typeof AUDIT_KINDS)[number];

export function isKnownKind(kind: string): kind is KnownKind {
  return (AUDIT_KINDS as readonly string[]).includes(kind);
}

/** The audit log's URL search parameters. */
export interface AuditSearch {
  /** Known kinds, comma-separated (`sign-in,sign-in-failed`). */
  kind?: string;
  /** Entries by or about this user id. */
  user?: string;
  /** Days as `<input type="date">` gives them (YYYY-MM-DD), in the browser's time zone; `to` included. */
  from?: string;
  to?: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight starting `day` (YYYY-MM-DD) in the browser's time zone, or null for no such day. */
function startOfDay(day: string): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const start = new Date(year, month, date);
  // `new Date` rolls 2026-02-31 over to March: such a day does not exist.
  return start.getFullYear() === year && start.getMonth() === month && start.getDate() === date
    ? start
    : null;
}

/**
 * The router's `validateSearch` of `/admin/audit`: known kinds only (the server refuses others),
 * real days, an id of a sane length.
 *
 * @example validateAuditSearch({ kind: "sign-in,nope", from: "2026-02-31" }) // { kind: "sign-in" }
 */
export function validateAuditSearch(raw: Record<string, unknown>): AuditSearch {
  const search: AuditSearch = {};
  const kinds = typeof raw.kind === "string" ? raw.kind.split(",").filter(isKnownKind) : [];
  if (kinds.length > 0) search.kind = [...new Set(kinds)].join(",");
  const user =
    typeof raw.user === "number" ? String(raw.user) : typeof raw.user === "string" ? raw.user.trim() : "";
  if (user !== "" && user.length <= 255) search.user = user;
  for (const name of ["from", "to"] as const) {
    const value = raw[name];
    if (typeof value === "string" && startOfDay(value)) search[name] = value;
  }
  return search;
}

/** The days of the range in the wrong order (nothing could match). */
export function isRangeReversed(search: AuditSearch): boolean {
  return search.from !== undefined && search.to !== undefined && search.to < search.from;
}

/**
 * The API's query for a search: the days as instants of the browser's time zone, `to` through the
 * end of its day (the server's `to` is exclusive).
 */
export function auditQueryOf(search: AuditSearch): AuditQuery {
  const query: AuditQuery = {};
  if (search.kind) query.kinds = search.kind.split(",");
  if (search.user) query.user = search.user;
  const from = search.from ? startOfDay(search.from) : null;
  if (from) query.from = from.toISOString();
  const to = search.to ? startOfDay(search.to) : null;
  if (to) query.to = new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1).toISOString();
  return query;
}
