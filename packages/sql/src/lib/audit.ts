import { ConfigError } from "@gatehouse/core";
import {
  type Adapter,
  type AuditQuery,
  auditCursor,
  auditDetail,
  readAuditCursor,
  type StoredAuditEntry,
} from "@gatehouse/core/adapter";
import { type CompiledQuery, type Selectable, type SelectQueryBuilder, sql } from "kysely";
import type { AuditTable, Database, SqlDatabase } from "../database.ts";
import { guard } from "./driver-errors.ts";
import { fromDateColumn, toDateColumn } from "./rows.ts";

const STORAGE = "Gatehouse storage";

export type AuditStore = Required<Pick<Adapter, "appendAudit" | "queryAudit" | "deleteAuditBefore">>;

const auditColumns = ["id", "at", "kind", "actor_id", "subject_id", "ip", "user_agent", "detail"] as const;

type AuditRow = Selectable<AuditTable>;

/** One page's statement: run it, or compile it (to EXPLAIN it in a test). */
export interface AuditPageQuery {
  execute(): Promise<AuditRow[]>;
  compile(): CompiledQuery<AuditRow>;
}

/**
 * The audit log (migration 006), in `gh_audit`: appended to, never changed; read newest first a page
 * at a time by keyset pagination on `(at, id)`; trimmed by retention only.
 */
export function auditStore(db: SqlDatabase): AuditStore {
  const { kysely, dialect } = db;
  return {
    appendAudit: (entry) =>
      guard("appendAudit", async () => {
        if (typeof entry.kind !== "string" || entry.kind === "") {
          throw new ConfigError("Gatehouse storage: appendAudit needs a non-empty kind");
        }
        const detail = auditDetail(entry.detail, STORAGE);
        const row = await kysely
          .insertInto("gh_audit")
          .values({
            at: toDateColumn(dialect, entry.at, "at"),
            kind: entry.kind,
            actor_id: entry.actorId,
            subject_id: entry.subjectId,
            ip: entry.ip,
            user_agent: entry.userAgent,
            detail: JSON.stringify(detail),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return {
          id: String(row.id),
          at: new Date(entry.at.getTime()),
          kind: entry.kind,
          actorId: entry.actorId,
          subjectId: entry.subjectId,
          ip: entry.ip,
          userAgent: entry.userAgent,
          detail,
        };
      }),

    queryAudit: (query) =>
      guard("queryAudit", async () => {
        const page = auditPageQuery(db, query);
        if (page === null) return { entries: [], next: null };
        const rows = await page.execute();
        const entries = rows.slice(0, query.limit).map(toAuditEntry);
        const last = entries.at(-1);
        return { entries, next: rows.length > query.limit && last !== undefined ? auditCursor(last) : null };
      }),

    deleteAuditBefore: (before) =>
      guard("deleteAuditBefore", async () => {
        const result = await kysely
          .deleteFrom("gh_audit")
          .where("at", "<", toDateColumn(dialect, before, "before"))
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      }),
  };
}

/**
 * The statement that reads one page (`limit + 1` rows, the extra one saying whether there is a next
 * page), or null when the query can match nothing (an empty `kinds`). Misuse (a limit out of range,
 * a cursor this adapter did not return) throws a `ConfigError` before any SQL runs.
 *
 * Keyset pagination: the cursor is the last entry's `(at, id)`, and the next page is what sorts
 * after it. Entries appended meanwhile sort before it (or, with an `at` already in the past, in
 * their place), so no entry is shown twice or skipped; `id` orders entries of the same millisecond.
 *
 * A user's entries are those they did (actor) or that concern them (subject): two ordered index
 * scans, each stopping after a page, merged — the subject branch leaves out what the actor branch
 * has, so an entry with the user as both is read once.
 */
export function auditPageQuery(db: SqlDatabase, query: AuditQuery): AuditPageQuery | null {
  const { kysely, dialect } = db;
  const { userId, kinds, limit } = query;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new ConfigError("Gatehouse storage: queryAudit limit must be an integer 1–1000");
  }
  const from = query.from === undefined ? undefined : toDateColumn(dialect, query.from, "from");
  const to = query.to === undefined ? undefined : toDateColumn(dialect, query.to, "to");
  const after =
    query.cursor === undefined || query.cursor === null ? null : readAuditCursor(query.cursor, STORAGE);
  if (kinds !== undefined && kinds.length === 0) return null;

  const filtered = (select: SelectQueryBuilder<Database, "gh_audit", AuditRow>, byUser: boolean) => {
    let next = select;
    if (kinds !== undefined) {
      // SQLite has no statistics unless someone runs ANALYZE, and then guesses that `kind = ?` is as
      // good a start as `actor_id = ?`: it would read every entry of the kind and sort them. A user's
      // branch must start from the user's index, so there the kind is written `+kind`, SQLite's way
      // of keeping a term off the indexes. PostgreSQL keeps statistics and needs no such help.
      const kind = byUser && dialect === "sqlite" ? sql<string>`+kind` : sql.ref<string>("kind");
      next = next.where(kind, "in", [...kinds]);
    }
    if (from !== undefined) next = next.where("at", ">=", from);
    if (to !== undefined) next = next.where("at", "<", to);
    if (after !== null) {
      const at = toDateColumn(dialect, after.at, "cursor");
      // SQLite compares an INTEGER column with a number; pg passes bigint as text either way.
      const id = dialect === "sqlite" ? Number(after.id) : after.id;
      next = next.where((eb) => eb(eb.refTuple("at", "id"), "<", eb.tuple(at, id)));
    }
    return next
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(limit + 1);
  };
  const base = () => kysely.selectFrom("gh_audit").select(auditColumns);

  if (userId === undefined) return filtered(base(), false);
  const asActor = filtered(base().where("actor_id", "=", userId), true);
  const asSubjectOnly = filtered(
    base()
      .where("subject_id", "=", userId)
      .where((eb) => eb.or([eb("actor_id", "is", null), eb("actor_id", "<>", userId)])),
    true,
  );
  const merged = kysely
    .selectFrom(asActor.as("actor"))
    .selectAll()
    .unionAll(kysely.selectFrom(asSubjectOnly.as("subject")).selectAll());
  return kysely
    .selectFrom(merged.as("page"))
    .selectAll()
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1);
}

function toAuditEntry(row: AuditRow): StoredAuditEntry {
  // jsonb comes back parsed (pg); SQLite's text column as the JSON written.
  const detail: unknown = typeof row.detail === "string" ? JSON.parse(row.detail) : row.detail;
  return {
    id: String(row.id),
    at: fromDateColumn(row.at),
    kind: row.kind,
    actorId: row.actor_id,
    subjectId: row.subject_id,
    ip: row.ip,
    userAgent: row.user_agent,
    detail: typeof detail === "object" && detail !== null ? (detail as StoredAuditEntry["detail"]) : {},
  };
}
