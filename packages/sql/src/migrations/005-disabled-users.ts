import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { SqlDialectName } from "../database.ts";

/**
 * Version 5, for disabling users:
 * - `gh_users.disabled_at`: when an administrator disabled the user (sign-in refused), null while
 *   enabled. A column, as `sessions_valid_after` is: one nullable value per user that every user
 *   read carries, so the session lookup learns it in the join it already makes;
 * - `gh_users_disabled_idx`: the ids of the disabled users only (a partial index, on both
 *   databases), for an administrator's "disabled" filter paged in id order as `listUsers` pages.
 *   Disabled users are few, so it stays small, and enabling or disabling is the only write to it.
 */
export function disabledUsersMigration(dialect: SqlDialectName): Migration {
  const timestamp = dialect === "postgres" ? "timestamptz" : "integer";
  return {
    async up(db) {
      await db.schema.alterTable("gh_users").addColumn("disabled_at", timestamp).execute();
      await db.schema
        .createIndex("gh_users_disabled_idx")
        .on("gh_users")
        .column("id")
        .where(sql.ref("disabled_at"), "is not", null)
        .execute();
      await db.updateTable("gh_schema").set({ version: 5 }).execute();
    },

    async down(db) {
      // The index first: SQLite refuses to drop a column an index names.
      await db.schema.dropIndex("gh_users_disabled_idx").ifExists().execute();
      await db.schema.alterTable("gh_users").dropColumn("disabled_at").execute();
      await db.updateTable("gh_schema").set({ version: 4 }).execute();
    },
  };
}
