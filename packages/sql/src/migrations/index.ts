import type { Migration, MigrationProvider } from "kysely/migration";
import type { SqlDialectName } from "../database.ts";
import { initialMigration } from "./001-initial.ts";
import { clientRegistrationsMigration } from "./002-client-registrations.ts";
import { passwordAccountsMigration } from "./003-password-accounts.ts";
import { passkeysTwoFactorMigration } from "./004-passkeys-two-factor.ts";
import { disabledUsersMigration } from "./005-disabled-users.ts";
import { sessionRecordsAuditMigration } from "./006-session-records-audit.ts";
import { rolesUserListMigration } from "./007-roles-user-list.ts";
import { securityGenerationMigration } from "./008-security-generation.ts";
import { sessionSecondFactorMigration } from "./009-session-second-factor.ts";

/**
 * The schema version this Gatehouse writes and expects. A migration that changes the schema bumps
 * it and updates the `gh_schema` row in the same transaction.
 */
export const SCHEMA_VERSION = 9;

/** A shipped migration: its name (Kysely runs them in name order) and the schema version it leaves. */
export interface ShippedMigration {
  name: string;
  version: number;
}

const SHIPPED: readonly (ShippedMigration & { create: (dialect: SqlDialectName) => Migration })[] = [
  { name: "001-initial", version: 1, create: initialMigration },
  { name: "002-client-registrations", version: 2, create: clientRegistrationsMigration },
  { name: "003-password-accounts", version: 3, create: passwordAccountsMigration },
  { name: "004-passkeys-two-factor", version: 4, create: passkeysTwoFactorMigration },
  { name: "005-disabled-users", version: 5, create: disabledUsersMigration },
  { name: "006-session-records-audit", version: 6, create: sessionRecordsAuditMigration },
  { name: "007-roles-user-list", version: 7, create: rolesUserListMigration },
  { name: "008-security-generation", version: 8, create: securityGenerationMigration },
  { name: "009-session-second-factor", version: 9, create: sessionSecondFactorMigration },
];

/** The migrations shipped with the package, in the order they run. */
export const SHIPPED_MIGRATIONS: readonly ShippedMigration[] = SHIPPED.map(({ name, version }) => ({
  name,
  version,
}));

/** The migrations shipped with the package, by name (Kysely runs them in name order). */
export function migrationProvider(dialect: SqlDialectName): MigrationProvider {
  const migrations: Record<string, Migration> = Object.fromEntries(
    SHIPPED.map(({ name, create }) => [name, create(dialect)]),
  );
  return { getMigrations: async () => migrations };
}
