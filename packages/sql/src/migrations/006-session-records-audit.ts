import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { SqlDialectName } from "../database.ts";

/**
 * Version 6, for the account console (issue 15):
 * - `gh_session_records`: one row per signed-in session, for both strategies, with what the console
 *   lists (created, last active, IP address, user agent, sign-in method). A jwt session's record is
 *   its only server-side trace: the token names it (`sid`), and deleting the record revokes the
 *   token. A database session's record points at its `gh_sessions` row through a foreign key with
 *   ON DELETE CASCADE, so whatever deletes that row — sign-out, expiry, back-channel logout, the
 *   user's deletion — takes the record too, with no code path that could forget it. The link is
 *   unique (one record per session), and its index is also what the cascade looks records up by.
 *   `gh_session_records_user_idx` (user, expiry, id) answers "the user's live sessions" — the read
 *   every jwt request makes at most once a second per user and instance — from the index alone;
 *   `gh_session_records_expires_idx` serves the clean-up of expired jwt records.
 * - `gh_audit`: the append-only audit log. The id counts up (identity / AUTOINCREMENT) and breaks
 *   ties between entries of the same millisecond, so `(at, id)` orders the log totally and a page
 *   cursor is stable while entries are appended. User ids have no foreign key: an entry outlives the
 *   user it names (it is the history), holding their id but no name or email. "A user's entries"
 *   is "actor or subject": one partial index on each (null is common — failed sign-ins of unknown
 *   addresses — and indexed by neither), read as two ordered index scans merged, not an OR that
 *   would sort all of a user's entries for every page. `(kind, at, id)` serves a filter by kind,
 *   `(at, id)` the unfiltered log and retention's `DELETE … WHERE at < ?`. `detail` is `jsonb` on
 *   PostgreSQL, JSON text on SQLite.
 */
export function sessionRecordsAuditMigration(dialect: SqlDialectName): Migration {
  const timestamp = dialect === "postgres" ? "timestamptz" : "integer";
  const json = dialect === "postgres" ? "jsonb" : "text";
  return {
    async up(db) {
      await db.schema
        .createTable("gh_session_records")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("user_id", "text", (col) => col.notNull().references("gh_users.id").onDelete("cascade"))
        .addColumn("session_token_hash", "text", (col) =>
          col.references("gh_sessions.session_token_hash").onDelete("cascade"),
        )
        .addColumn("created_at", timestamp, (col) => col.notNull())
        .addColumn("last_active_at", timestamp, (col) => col.notNull())
        .addColumn("expires", timestamp, (col) => col.notNull())
        .addColumn("ip", "text")
        .addColumn("user_agent", "text")
        .addColumn("method", "text", (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("gh_session_records_session_key")
        .on("gh_session_records")
        .column("session_token_hash")
        .unique()
        .execute();
      await db.schema
        .createIndex("gh_session_records_user_idx")
        .on("gh_session_records")
        .columns(["user_id", "expires", "id"])
        .execute();
      await db.schema
        .createIndex("gh_session_records_expires_idx")
        .on("gh_session_records")
        .column("expires")
        .execute();

      await db.schema
        .createTable("gh_audit")
        .addColumn("id", dialect === "postgres" ? "bigint" : "integer", (col) =>
          dialect === "postgres"
            ? col.primaryKey().generatedAlwaysAsIdentity()
            : // AUTOINCREMENT: an id is never reused, even after retention deleted the newest entries.
              col.primaryKey().autoIncrement(),
        )
        .addColumn("at", timestamp, (col) => col.notNull())
        .addColumn("kind", "text", (col) => col.notNull())
        .addColumn("actor_id", "text")
        .addColumn("subject_id", "text")
        .addColumn("ip", "text")
        .addColumn("user_agent", "text")
        .addColumn("detail", json, (col) => col.notNull())
        .execute();
      for (const column of ["actor_id", "subject_id"] as const) {
        await db.schema
          .createIndex(`gh_audit_${column.replace("_id", "")}_idx`)
          .on("gh_audit")
          .columns([column, "at", "id"])
          .where(sql.ref(column), "is not", null)
          .execute();
      }
      await db.schema.createIndex("gh_audit_kind_idx").on("gh_audit").columns(["kind", "at", "id"]).execute();
      await db.schema.createIndex("gh_audit_at_idx").on("gh_audit").columns(["at", "id"]).execute();

      await db.updateTable("gh_schema").set({ version: 6 }).execute();
    },

    async down(db) {
      await db.schema.dropTable("gh_audit").ifExists().execute();
      await db.schema.dropTable("gh_session_records").ifExists().execute();
      await db.updateTable("gh_schema").set({ version: 5 }).execute();
    },
  };
}
