import type { Migration } from "kysely/migration";
import type { SqlDialectName } from "../database.ts";

/**
 * Version 2: `gh_client_registrations`, the credentials a provider configured without a client id got
 * from dynamic client registration (RFC 7591). The primary key (provider id, issuer) is what makes a
 * registration race-safe across app instances: the first insert wins, the others read its row.
 */
export function clientRegistrationsMigration(dialect: SqlDialectName): Migration {
  const timestamp = dialect === "postgres" ? "timestamptz" : "integer";
  const bigint = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db) {
      await db.schema
        .createTable("gh_client_registrations")
        .addColumn("provider", "text", (col) => col.notNull())
        .addColumn("issuer", "text", (col) => col.notNull())
        .addColumn("client_id", "text", (col) => col.notNull())
        // Sealed by core before it gets here: a database leak yields no usable client secret.
        .addColumn("client_secret", "text")
        .addColumn("client_secret_expires_at", bigint)
        .addColumn("registration_access_token", "text")
        .addColumn("metadata", "text", (col) => col.notNull())
        .addColumn("created_at", timestamp, (col) => col.notNull())
        .addPrimaryKeyConstraint("gh_client_registrations_pkey", ["provider", "issuer"])
        .execute();
      await db.updateTable("gh_schema").set({ version: 2 }).execute();
    },

    async down(db) {
      await db.schema.dropTable("gh_client_registrations").ifExists().execute();
      await db.updateTable("gh_schema").set({ version: 1 }).execute();
    },
  };
}
