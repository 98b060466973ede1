import type { Migration } from "kysely/migration";
import type { SqlDialectName } from "../database.ts";

/**
 * Version 3, for password accounts (issue 13):
 * - `gh_passwords`: one hash per user, in a table of its own rather than a column of `gh_users`, so
 *   no user read (Auth.js's methods, `listUsers`, an admin's `SELECT *`) ever carries a hash;
 * - `gh_users.sessions_valid_after`: when the user's jwt sessions were last voided. A column, not a
 *   table: it is one nullable value per user, read by primary key, and it goes with the user row;
 * - `gh_rate_limits`: rate-limit and lockout counters, keyed by the SHA-256 of the limiter's key
 *   (which holds email and IP addresses), with the window's end in epoch milliseconds of the
 *   caller's clock; indexed on it for the clean-up in `deleteExpiredSessions`.
 */
export function passwordAccountsMigration(dialect: SqlDialectName): Migration {
  const timestamp = dialect === "postgres" ? "timestamptz" : "integer";
  const bigint = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db) {
      await db.schema
        .createTable("gh_passwords")
        .addColumn("user_id", "text", (col) => col.primaryKey().references("gh_users.id").onDelete("cascade"))
        // A PHC string (argon2id) or an imported hash: never the password.
        .addColumn("hash", "text", (col) => col.notNull())
        .addColumn("updated_at", timestamp, (col) => col.notNull())
        .execute();

      await db.schema.alterTable("gh_users").addColumn("sessions_valid_after", timestamp).execute();

      await db.schema
        .createTable("gh_rate_limits")
        .addColumn("key_hash", "text", (col) => col.primaryKey())
        // bigint on PostgreSQL too: a lockout counter that every hit extends never resets, and an
        // int4 would overflow (and fail the limiter) long before SQLite's 64-bit INTEGER would.
        .addColumn("count", bigint, (col) => col.notNull())
        .addColumn("reset_at", bigint, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("gh_rate_limits_reset_at_idx")
        .on("gh_rate_limits")
        .column("reset_at")
        .execute();

      await db.updateTable("gh_schema").set({ version: 3 }).execute();
    },

    async down(db) {
      await db.schema.dropTable("gh_rate_limits").ifExists().execute();
      await db.schema.alterTable("gh_users").dropColumn("sessions_valid_after").execute();
      await db.schema.dropTable("gh_passwords").ifExists().execute();
      await db.updateTable("gh_schema").set({ version: 2 }).execute();
    },
  };
}
