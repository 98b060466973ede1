import type { Migration } from "kysely/migration";
import type { SqlDialectName } from "../database.ts";

/**
 * Version 1: users, accounts, sessions, verification tokens and the version row. Types differ per
 * dialect only where they must: timestamps are `timestamptz` on PostgreSQL and INTEGER epoch
 * milliseconds on SQLite (which has no date type and would otherwise store text that sorts wrongly).
 */
export function initialMigration(dialect: SqlDialectName): Migration {
  const timestamp = dialect === "postgres" ? "timestamptz" : "integer";
  const bigint = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db) {
      await db.schema
        .createTable("gh_users")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("name", "text")
        // Nullable: credentials users may have no email. A unique constraint still allows many NULLs.
        .addColumn("email", "text")
        .addColumn("email_verified", timestamp)
        .addColumn("image", "text")
        .addUniqueConstraint("gh_users_email_key", ["email"])
        .execute();

      await db.schema
        .createTable("gh_accounts")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("user_id", "text", (col) => col.notNull().references("gh_users.id").onDelete("cascade"))
        .addColumn("type", "text", (col) => col.notNull())
        .addColumn("provider", "text", (col) => col.notNull())
        .addColumn("provider_account_id", "text", (col) => col.notNull())
        .addColumn("refresh_token", "text")
        .addColumn("access_token", "text")
        .addColumn("expires_at", bigint)
        .addColumn("token_type", "text")
        .addColumn("scope", "text")
        .addColumn("id_token", "text")
        .addColumn("session_state", "text")
        .addUniqueConstraint("gh_accounts_provider_key", ["provider", "provider_account_id"])
        .execute();
      await db.schema.createIndex("gh_accounts_user_id_idx").on("gh_accounts").column("user_id").execute();

      await db.schema
        .createTable("gh_sessions")
        .addColumn("session_token_hash", "text", (col) => col.primaryKey())
        .addColumn("user_id", "text", (col) => col.notNull().references("gh_users.id").onDelete("cascade"))
        .addColumn("expires", timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex("gh_sessions_user_id_idx").on("gh_sessions").column("user_id").execute();
      await db.schema.createIndex("gh_sessions_expires_idx").on("gh_sessions").column("expires").execute();

      await db.schema
        .createTable("gh_verification_tokens")
        .addColumn("identifier", "text", (col) => col.notNull())
        .addColumn("token_hash", "text", (col) => col.notNull())
        .addColumn("expires", timestamp, (col) => col.notNull())
        .addPrimaryKeyConstraint("gh_verification_tokens_pkey", ["identifier", "token_hash"])
        .execute();
      await db.schema
        .createIndex("gh_verification_tokens_expires_idx")
        .on("gh_verification_tokens")
        .column("expires")
        .execute();

      await db.schema
        .createTable("gh_schema")
        .addColumn("version", "integer", (col) => col.notNull())
        .execute();
      await db.insertInto("gh_schema").values({ version: 1 }).execute();
    },

    async down(db) {
      for (const table of ["gh_schema", "gh_verification_tokens", "gh_sessions", "gh_accounts", "gh_users"]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
