import { ConfigError } from "@gatehouse/core";
import type { Adapter, StoredSessionRecord } from "@gatehouse/core/adapter";
import type { SessionRecordsTable, SqlDatabase } from "../database.ts";
import { guard } from "./driver-errors.ts";
import { fromDateColumn, toDateColumn } from "./rows.ts";

export type SessionRecordStore = Required<
  Pick<
    Adapter,
    | "createSessionRecord"
    | "listSessionRecords"
    | "listSessionRecordIds"
    | "touchSessionRecord"
    | "deleteSessionRecord"
    | "deleteSessionRecords"
  >
>;

export const sessionRecordColumns = [
  "id",
  "user_id",
  "session_token_hash",
  "created_at",
  "last_active_at",
  "expires",
  "ip",
  "user_agent",
  "method",
  "second_factor",
] as const;

/**
 * Session records (migration 006; the second factor, 009), in `gh_session_records`: what the
 * account console lists, for both strategies. A database session's record goes with its
 * `gh_sessions` row by ON DELETE CASCADE, so sign-out (`deleteSession`), `deleteSessionsByUserId`,
 * `deleteExpiredSessions` and `deleteUser` need no code of their own for it; revoking from the
 * console goes the other way and deletes the record and its session row in one transaction.
 */
export function sessionRecordStore(db: SqlDatabase): SessionRecordStore {
  const { kysely, dialect } = db;
  const date = (value: Date, field: string) => toDateColumn(dialect, value, field);

  return {
    // A database session's record brings its gh_sessions row, in one transaction: a process killed
    // between two separate writes left a session that no list showed. The keys decide: a taken id
    // or a token hash already stored (primary keys) is a `Conflict`, and so is an unknown user
    // (foreign keys); the transaction then leaves neither row.
    createSessionRecord: (record) =>
      guard("createSessionRecord", async () => {
        for (const field of ["id", "userId", "method"] as const) {
          if (typeof record[field] !== "string" || record[field] === "") {
            throw new ConfigError(`Gatehouse storage: createSessionRecord needs a non-empty ${field}`);
          }
        }
        // Absent (a caller from before it) is stored as null: no second factor claimed.
        const secondFactor = record.secondFactor ?? null;
        if (secondFactor !== null && (typeof secondFactor !== "string" || secondFactor === "")) {
          throw new ConfigError(
            "Gatehouse storage: createSessionRecord needs a non-empty secondFactor, or null",
          );
        }
        const values = {
          id: record.id,
          user_id: record.userId,
          session_token_hash: record.sessionTokenHash,
          created_at: date(record.createdAt, "createdAt"),
          last_active_at: date(record.lastActiveAt, "lastActiveAt"),
          expires: date(record.expires, "expires"),
          ip: record.ip,
          user_agent: record.userAgent,
          method: record.method,
          second_factor: secondFactor,
        };
        const hash = record.sessionTokenHash;
        if (hash === null) {
          await kysely.insertInto("gh_session_records").values(values).execute();
          return;
        }
        await kysely.transaction().execute(async (trx) => {
          await trx
            .insertInto("gh_sessions")
            .values({ session_token_hash: hash, user_id: record.userId, expires: values.expires })
            .execute();
          await trx.insertInto("gh_session_records").values(values).execute();
        });
      }),

    listSessionRecords: (userId, now) =>
      guard("listSessionRecords", async () => {
        const rows = await liveRecordsQuery(db, userId, now).execute();
        return rows.map(toSessionRecord);
      }),

    // What a jwt session's `sid` is checked against: from the (user, expires, id) index alone.
    listSessionRecordIds: (userId, now) =>
      guard("listSessionRecordIds", async () => {
        const rows = await liveRecordIdsQuery(db, userId, now).execute();
        return rows.map((row) => row.id);
      }),

    // Only ever forward (greatest / SQLite's two-argument max): of two instances renewing the same
    // session at once, the later time stays whichever commits last, and a late write never shortens
    // the expiry a jwt's `sid` is checked against.
    touchSessionRecord: (id, at, expires) =>
      guard("touchSessionRecord", async () => {
        const larger = dialect === "postgres" ? "greatest" : "max";
        const result = await kysely
          .updateTable("gh_session_records")
          .set((eb) => ({
            last_active_at: eb.fn(larger, [eb.ref("last_active_at"), eb.val(date(at, "at"))]),
            expires: eb.fn(larger, [eb.ref("expires"), eb.val(date(expires, "expires"))]),
          }))
          .where("id", "=", id)
          .executeTakeFirst();
        return result.numUpdatedRows > 0n;
      }),

    // The record, then its session row, in one transaction: never a database session left valid
    // without the record that shows it, nor a record shown for a session that is gone. Scoped to the
    // user: another user's record id is "not found".
    deleteSessionRecord: (userId, id) =>
      guard("deleteSessionRecord", () =>
        kysely.transaction().execute(async (trx) => {
          const row = await trx
            .deleteFrom("gh_session_records")
            .where("id", "=", id)
            .where("user_id", "=", userId)
            .returning(sessionRecordColumns)
            .executeTakeFirst();
          if (row === undefined) return null;
          if (row.session_token_hash !== null) {
            await trx
              .deleteFrom("gh_sessions")
              .where("session_token_hash", "=", row.session_token_hash)
              .execute();
          }
          return toSessionRecord(row);
        }),
      ),

    // The records first, then every database session of the user that no record (the kept one's)
    // points at — also a session stored without a record (before migration 006, by an older
    // instance, or by a process killed between the two writes older versions made): "sign out
    // everywhere else" leaves no session the console could not show. A session signed in meanwhile
    // is written with its record in one transaction: it ends here if it committed first.
    deleteSessionRecords: (userId, keepId) =>
      guard("deleteSessionRecords", () =>
        kysely.transaction().execute(async (trx) => {
          let records = trx.deleteFrom("gh_session_records").where("user_id", "=", userId);
          if (keepId !== null) records = records.where("id", "<>", keepId);
          const deleted = await records.executeTakeFirst();
          await trx
            .deleteFrom("gh_sessions")
            .where("user_id", "=", userId)
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom("gh_session_records as r")
                    .select("r.id")
                    .whereRef("r.session_token_hash", "=", "gh_sessions.session_token_hash"),
                ),
              ),
            )
            .execute();
          return Number(deleted.numDeletedRows);
        }),
      ),
  };
}

/** The user's unexpired records at `now`, most recently active first (the id breaks ties). */
export function liveRecordsQuery(db: SqlDatabase, userId: string, now: Date) {
  return db.kysely
    .selectFrom("gh_session_records")
    .select(sessionRecordColumns)
    .where("user_id", "=", userId)
    .where("expires", ">", toDateColumn(db.dialect, now, "now"))
    .orderBy("last_active_at", "desc")
    .orderBy("id", "desc");
}

export function liveRecordIdsQuery(db: SqlDatabase, userId: string, now: Date) {
  return db.kysely
    .selectFrom("gh_session_records")
    .select("id")
    .where("user_id", "=", userId)
    .where("expires", ">", toDateColumn(db.dialect, now, "now"));
}

function toSessionRecord(row: SessionRecordsTable): StoredSessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    sessionTokenHash: row.session_token_hash,
    createdAt: fromDateColumn(row.created_at),
    lastActiveAt: fromDateColumn(row.last_active_at),
    expires: fromDateColumn(row.expires),
    ip: row.ip,
    userAgent: row.user_agent,
    method: row.method,
    secondFactor: row.second_factor,
  };
}
