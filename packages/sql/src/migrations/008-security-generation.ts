import type { Migration } from "kysely/migration";
import type { SqlDialectName } from "../database.ts";

/**
 * Version 8, for links that die with a security change (issue 22):
 * - `gh_users.security_generation`: a counter every credential change, recovery, sign-out
 *   everywhere, email change and disable moves on; each outstanding link (password reset, email
 *   change, verification) is bound to the value it was issued at. A column of the user row, as
 *   `disabled_at` is: every user read carries it at no extra cost, and the compare-and-set that
 *   moves it is one UPDATE by primary key. Existing users start at 0 through the column's
 *   default: on both databases adding a column with a constant default rewrites no row. (Links
 *   issued before this version are bound to no generation and stop working: they live an hour to
 *   a day.)
 */
export function securityGenerationMigration(_dialect: SqlDialectName): Migration {
  return {
    async up(db) {
      await db.schema
        .alterTable("gh_users")
        .addColumn("security_generation", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
      await db.updateTable("gh_schema").set({ version: 8 }).execute();
    },

    async down(db) {
      await db.schema.alterTable("gh_users").dropColumn("security_generation").execute();
      await db.updateTable("gh_schema").set({ version: 7 }).execute();
    },
  };
}
