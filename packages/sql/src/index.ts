export { createSqlAdapter, parseDatabaseUrl, type SqlTarget } from "./create-sql-adapter.ts";
export type { Database, SqlDatabase, SqlDialectName } from "./database.ts";
export {
  type AssertSchemaOptions,
  assertSchema,
  type MigrateResult,
  type MigrationStatus,
  migrate,
  migrationStatus,
  readSchemaState,
  type SchemaState,
} from "./migrate.ts";
export { SCHEMA_VERSION, SHIPPED_MIGRATIONS, type ShippedMigration } from "./migrations/index.ts";
export { createPostgresAdapter } from "./postgres/create-postgres-adapter.ts";
export { POSTGRES_DEFAULTS, type PostgresAdapterOptions } from "./postgres/postgres-options.ts";
export type { SqlAdapter } from "./sql-adapter.ts";
export { createSqliteAdapter, type SqliteAdapterOptions } from "./sqlite/create-sqlite-adapter.ts";
export {
  isStorageError,
  StorageError,
  type StorageErrorCode,
  type StorageErrorDetails,
} from "./storage-error.ts";
