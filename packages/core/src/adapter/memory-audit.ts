import { ConfigError } from "../errors/config-error.ts";
import type { AuditQuery, StoredAuditEntry } from "./adapter.ts";
import { type AuditPosition, auditCursor, readAuditCursor } from "./audit-cursor.ts";
import { auditDetail } from "./audit-detail.ts";
import type { MemoryAdapter } from "./memory-adapter.ts";
import { checkNonEmpty, validDate } from "./memory-copies.ts";

const STORAGE = "Gatehouse memory storage";

type AuditMethods = Pick<MemoryAdapter, "appendAudit" | "queryAudit" | "deleteAuditBefore">;

/**
 * The memory adapter's audit log: append-only, read newest first a page at a time, and trimmed by
 * retention only. Entries hold user ids without a foreign key, as in SQL: a deleted user's history
 * stays (see `@gatehouse/sql`'s README).
 */
export function createMemoryAudit(): {
  methods: AuditMethods;
  rows(): StoredAuditEntry[];
  /** How many entries of `kind` are at or after `since` (epoch ms): the admin overview's counts. */
  count(kind: string, since: number): number;
} {
  // In append order, which is id order: ids count up, as SQL's identity column does.
  let entries: StoredAuditEntry[] = [];
  let lastId = 0;

  const methods: AuditMethods = {
    async appendAudit(entry) {
      const row = { ...auditFields(entry), id: String(++lastId) };
      entries.push(row);
      return copyEntry(row);
    },

    // Keyset pagination on (at, id), newest first: a page never repeats or skips an entry when
    // others are appended meanwhile, and entries of the same millisecond keep their id order.
    async queryAudit(query) {
      const { limit, after, matches } = readQuery(query);
      const page = entries
        .filter((entry) => matches(entry) && (after === null || isBefore(entry, after)))
        .sort((a, b) => (isBefore(a, b) ? 1 : -1))
        .slice(0, limit + 1);
      const shown = page.slice(0, limit);
      const last = shown.at(-1);
      return {
        entries: shown.map(copyEntry),
        next: page.length > limit && last !== undefined ? auditCursor(last) : null,
      };
    },

    async deleteAuditBefore(before) {
      const cutoff = validDate(before, "before").getTime();
      const kept = entries.filter((entry) => entry.at.getTime() >= cutoff);
      const deleted = entries.length - kept.length;
      entries = kept;
      return deleted;
    },
  };

  return {
    methods,
    rows: () => entries.map(copyEntry),
    count: (kind, since) =>
      entries.filter((entry) => entry.kind === kind && entry.at.getTime() >= since).length,
  };
}

/** Whether `a` comes after `b` in the log's newest-first order (it is older, or as old and appended earlier). */
function isBefore(a: AuditPosition, b: AuditPosition): boolean {
  const at = a.at.getTime() - b.at.getTime();
  return at < 0 || (at === 0 && Number(a.id) < Number(b.id));
}

function readQuery(query: AuditQuery): {
  limit: number;
  after: AuditPosition | null;
  matches(entry: StoredAuditEntry): boolean;
} {
  const { userId, kinds, limit, cursor } = query;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new ConfigError("Gatehouse memory storage: queryAudit limit must be an integer 1–1000");
  }
  const from = query.from === undefined ? undefined : validDate(query.from, "from").getTime();
  const to = query.to === undefined ? undefined : validDate(query.to, "to").getTime();
  const kindSet = kinds === undefined ? undefined : new Set(kinds);
  const after = cursor === undefined || cursor === null ? null : readAuditCursor(cursor, STORAGE);
  // Sixteen digits of milliseconds reach past a Date's range: refused as any invalid date is.
  if (after !== null) validDate(after.at, "cursor");
  return {
    limit,
    after,
    matches: (entry) =>
      (userId === undefined || entry.actorId === userId || entry.subjectId === userId) &&
      (kindSet === undefined || kindSet.has(entry.kind)) &&
      (from === undefined || entry.at.getTime() >= from) &&
      (to === undefined || entry.at.getTime() < to),
  };
}

/** An entry's fields as stored: checked (anything else is a bug upstream) and copied. */
function auditFields(entry: Omit<StoredAuditEntry, "id">): Omit<StoredAuditEntry, "id"> {
  const operation = "appendAudit";
  checkNonEmpty(entry.kind, operation, "a non-empty kind");
  for (const field of ["actorId", "subjectId", "ip", "userAgent"] as const) {
    if (entry[field] !== null && typeof entry[field] !== "string") {
      throw new ConfigError(`Gatehouse memory storage: ${operation} needs ${field} as a string or null`);
    }
  }
  return {
    at: validDate(entry.at, "at"),
    kind: entry.kind,
    actorId: entry.actorId,
    subjectId: entry.subjectId,
    ip: entry.ip,
    userAgent: entry.userAgent,
    // Small facts only, as the SQL adapter's JSON column holds them: flat, finite, no nesting.
    detail: auditDetail(entry.detail, STORAGE),
  };
}

function copyEntry(entry: StoredAuditEntry): StoredAuditEntry {
  return { ...entry, at: new Date(entry.at.getTime()), detail: { ...entry.detail } };
}
