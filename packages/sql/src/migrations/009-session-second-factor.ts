import type { Migration } from "kysely/migration";
import type { SqlDialectName } from "../database.ts";

/**
 * Version 9, so the sessions lists say how a session was signed in in full (issue 23):
 * - `gh_session_records.second_factor`: the second factor the sign-in passed (`totp`, `backup`, or
 *   `passkey` for a passkey that verified its user), null when one factor was all it took. Nullable
 *   with no default: on both databases adding it rewrites no row, and the records of sessions signed
 *   in before this version read as null — what they stored is not known, and they end by
 *   themselves within the session max age.
 */
export function sessionSecondFactorMigration(_dialect: SqlDialectName): Migration {
  return {
    async up(db) {
      await db.schema.alterTable("gh_session_records").addColumn("second_factor", "text").execute();
      await db.updateTable("gh_schema").set({ version: 9 }).execute();
    },

    async down(db) {
      await db.schema.alterTable("gh_session_records").dropColumn("second_factor").execute();
      await db.updateTable("gh_schema").set({ version: 8 }).execute();
    },
  };
}
