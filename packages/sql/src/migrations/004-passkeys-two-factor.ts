import type { Migration } from "kysely/migration";
import type { SqlDialectName } from "../database.ts";

/**
 * Version 4, for passkeys and two-factor authentication (issue 14):
 * - `gh_passkeys`: WebAuthn credentials, keyed by the credential id (an authenticator's id is
 *   global: the same one never belongs to two users), with the public key only and the signature
 *   counter, `bigint` because it is an unsigned 32-bit value that an int4 could not hold;
 * - `gh_two_factor`: one TOTP enrolment per user, its secret sealed by core, and the last time step
 *   used, so that a code is accepted once (a conditional UPDATE decides, also across instances);
 * - `gh_backup_codes`: hashes only, each used once (`used_at`); keyed by (user, hash), whose
 *   index also serves the per-user reads.
 * All three go with their user (ON DELETE CASCADE).
 */
export function passkeysTwoFactorMigration(dialect: SqlDialectName): Migration {
  const timestamp = dialect === "postgres" ? "timestamptz" : "integer";
  const bigint = dialect === "postgres" ? "bigint" : "integer";
  // SQLite has no boolean type: 0/1 in an INTEGER, as its own `true`/`false` keywords are.
  const boolean = dialect === "postgres" ? "boolean" : "integer";
  return {
    async up(db) {
      await db.schema
        .createTable("gh_passkeys")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("user_id", "text", (col) => col.notNull().references("gh_users.id").onDelete("cascade"))
        .addColumn("public_key", "text", (col) => col.notNull())
        .addColumn("counter", bigint, (col) => col.notNull())
        .addColumn("transports", "text", (col) => col.notNull())
        .addColumn("device_type", "text", (col) => col.notNull())
        .addColumn("backed_up", boolean, (col) => col.notNull())
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("created_at", timestamp, (col) => col.notNull())
        .addColumn("last_used_at", timestamp)
        .execute();
      await db.schema.createIndex("gh_passkeys_user_id_idx").on("gh_passkeys").column("user_id").execute();

      await db.schema
        .createTable("gh_two_factor")
        .addColumn("user_id", "text", (col) => col.primaryKey().references("gh_users.id").onDelete("cascade"))
        .addColumn("secret", "text", (col) => col.notNull())
        .addColumn("enabled_at", timestamp)
        .addColumn("last_used_step", bigint)
        .execute();

      await db.schema
        .createTable("gh_backup_codes")
        .addColumn("user_id", "text", (col) => col.notNull().references("gh_users.id").onDelete("cascade"))
        .addColumn("code_hash", "text", (col) => col.notNull())
        .addColumn("used_at", timestamp)
        .addPrimaryKeyConstraint("gh_backup_codes_pkey", ["user_id", "code_hash"])
        .execute();

      await db.updateTable("gh_schema").set({ version: 4 }).execute();
    },

    async down(db) {
      await db.schema.dropTable("gh_backup_codes").ifExists().execute();
      await db.schema.dropTable("gh_two_factor").ifExists().execute();
      await db.schema.dropTable("gh_passkeys").ifExists().execute();
      await db.updateTable("gh_schema").set({ version: 3 }).execute();
    },
  };
}
