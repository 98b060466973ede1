import type { Migration, MigrationProvider } from "kysely/migration";
import type { SqlDialectName } from "../database.ts";
import { initialMigration } from "./001-initial.ts";
import { clientRegistrationsMigration } from "./002-client-registrations.ts";

/**
 * The schema version this Gatehouse writes and expects. A migration that changes the schema bumps
 * it and updates the `gh_schema` row in the same transaction.
 */
export const SCHEMA_VERSION = 2;

/** The migrations shipped with the package, by name (Kysely runs them in name order). */
export function migrationProvider(dialect: SqlDialectName): MigrationProvider {
  const migrations: Record<string, Migration> = {
    "001-initial": initialMigration(dialect),
    "002-client-registrations": clientRegistrationsMigration(dialect),
  };
  return { getMigrations: async () => migrations };
}
