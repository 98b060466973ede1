import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import type { Database, SqlDatabase } from "./database.ts";
import { guard, toStorageError } from "./lib/driver-errors.ts";
import { introspectingOnly } from "./lib/schema-introspection.ts";
import { migrationProvider, SCHEMA_VERSION, SHIPPED_MIGRATIONS } from "./migrations/index.ts";
import { StorageError } from "./storage-error.ts";

/** What the database holds, as far as Gatehouse is concerned. */
export type SchemaState =
  | { kind: "missing" }
  /** Gatehouse tables without a version row: made by hand or by something else. */
  | { kind: "unknown" }
  | { kind: "versioned"; version: number };

export interface MigrateResult {
  /** Names of the migrations this call applied; empty when the schema was already current. */
  applied: string[];
  version: number;
}

/** Where the database stands against the shipped migrations (`migrationStatus`). */
export interface MigrationStatus {
  /** The recorded schema version (as `readSchemaState` reads it). */
  state: SchemaState;
  /** The version this Gatehouse writes and expects (`SCHEMA_VERSION`). */
  latest: number;
  /** Every shipped migration in order, with when it was applied; `appliedAt` null: pending. */
  migrations: { name: string; version: number; appliedAt: Date | null }[];
}

const MIGRATION_TABLE = "gh_migration";
const MIGRATION_LOCK_TABLE = "gh_migration_lock";
const GATEHOUSE_TABLES = [
  "gh_users",
  "gh_accounts",
  "gh_sessions",
  "gh_verification_tokens",
  MIGRATION_TABLE,
];

/** Reads the schema version, without changing anything. */
export function readSchemaState(db: SqlDatabase): Promise<SchemaState> {
  return guard("readSchemaState", async () => {
    if (await tableExists(db, "gh_schema")) {
      const row = await db.kysely
        .selectFrom("gh_schema")
        .select((eb) => eb.fn.max("version").as("version"))
        .executeTakeFirst();
      const version = row?.version;
      return version === null || version === undefined
        ? { kind: "unknown" }
        : { kind: "versioned", version: Number(version) };
    }
    for (const table of GATEHOUSE_TABLES) {
      if (await tableExists(db, table)) return { kind: "unknown" };
    }
    return { kind: "missing" };
  });
}

/**
 * Refuses to start against a database this Gatehouse cannot use: no schema, an unversioned one, or
 * one older or newer than it knows. Call at start-up, after `migrate` in development.
 *
 * @example await assertSchema(adapter.db)
 */
export async function assertSchema(db: SqlDatabase): Promise<void> {
  const state = await readSchemaState(db);
  if (state.kind === "versioned" && state.version === SCHEMA_VERSION) return;
  throw schemaMismatch(state);
}

/**
 * Applies the shipped migrations that have not run yet; a no-op on a current schema. Refuses an
 * unversioned or newer schema rather than guessing.
 *
 * @example await migrate(adapter.db) // the web app does this in development
 */
export async function migrate(db: SqlDatabase): Promise<MigrateResult> {
  const state = await readSchemaState(db);
  if (state.kind === "unknown" || (state.kind === "versioned" && state.version > SCHEMA_VERSION)) {
    throw schemaMismatch(state);
  }
  // A migration may rewrite a big table: it runs without the adapter's statement time-out.
  const unbounded = db.unbounded ?? ((work) => work(db.kysely));
  const applied =
    db.dialect === "postgres"
      ? await unbounded(async (kysely) => runMigrator(kysely, db, await currentSchema(kysely)))
      : await migrateSqlite(db);
  return { applied, version: SCHEMA_VERSION };
}

/**
 * Which shipped migrations the database has applied and which are pending, without changing
 * anything (no bookkeeping table is created).
 *
 * @example const { migrations } = await migrationStatus(adapter.db)
 */
export function migrationStatus(db: SqlDatabase): Promise<MigrationStatus> {
  return guard("migrationStatus", async () => {
    const state = await readSchemaState(db);
    const schema = db.dialect === "postgres" ? await currentSchema(db.kysely) : undefined;
    const recorded = await migrator(db.kysely, db, schema).getMigrations();
    const appliedAt = new Map(recorded.map((info) => [info.name, info.executedAt ?? null]));
    return {
      state,
      latest: SCHEMA_VERSION,
      migrations: SHIPPED_MIGRATIONS.map(({ name, version }) => ({
        name,
        version,
        appliedAt: appliedAt.get(name) ?? null,
      })),
    };
  });
}

// Kysely runs PostgreSQL migrations in one transaction under an advisory lock, but SQLite ones in
// neither. BEGIN IMMEDIATE gives SQLite both: the write lock keeps a second process out, and a
// failed migration rolls back whole instead of leaving half a schema.
async function migrateSqlite(db: SqlDatabase): Promise<string[]> {
  return db.kysely.connection().execute(async (connection) => {
    await guard("migrate", () => sql`begin immediate`.execute(connection));
    try {
      const applied = await runMigrator(connection, db, undefined);
      await sql`commit`.execute(connection);
      return applied;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

async function runMigrator(
  kysely: Kysely<Database>,
  db: SqlDatabase,
  schema: string | undefined,
): Promise<string[]> {
  const { error, results = [] } = await migrator(kysely, db, schema).migrateToLatest();
  if (error !== undefined) throw toStorageError(error, "migrate");
  return results.filter((result) => result.status === "Success").map((result) => result.migrationName);
}

function migrator(kysely: Kysely<Database>, db: SqlDatabase, schema: string | undefined): Migrator {
  return new Migrator({
    db: schema === undefined ? kysely : introspectingOnly(kysely, schema),
    provider: migrationProvider(db.dialect),
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
    // Kysely looks for its tables in *every* schema unless told which one; with two Gatehouse
    // installs in one database (or parallel test schemas) it would find the other's and skip its own.
    ...(schema !== undefined && { migrationTableSchema: schema }),
  });
}

async function currentSchema(kysely: Kysely<Database>): Promise<string> {
  const { rows } = await guard("migrate", () =>
    sql<{ schema: string }>`select current_schema() as schema`.execute(kysely),
  );
  const schema = rows[0]?.schema;
  if (schema === undefined || schema === null) {
    throw new StorageError("SchemaMismatch", {
      operation: "migrate",
      message: "the PostgreSQL search_path names no existing schema: create it or fix search_path",
    });
  }
  return schema;
}

async function tableExists(db: SqlDatabase, table: string): Promise<boolean> {
  if (db.dialect === "postgres") {
    // to_regclass resolves through search_path, like the adapter's unqualified queries do.
    const { rows } = await sql<{
      found: string | null;
    }>`select to_regclass(${table}::text)::text as found`.execute(db.kysely);
    return rows[0]?.found != null;
  }
  const { rows } = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and name = ${table}`.execute(db.kysely);
  return rows.length > 0;
}

function schemaMismatch(state: SchemaState): StorageError {
  const message =
    state.kind === "missing"
      ? "the database has no Gatehouse schema: run `npm run migrate`"
      : state.kind === "unknown"
        ? "the database has Gatehouse tables but no schema version (they were not created by `npm run migrate`): " +
          "refusing to guess their shape; point DATABASE_URL at an empty database or migrate the data by hand"
        : state.version > SCHEMA_VERSION
          ? `database schema is version ${state.version} but this Gatehouse knows up to ${SCHEMA_VERSION}: upgrade Gatehouse`
          : `database schema is version ${state.version} but this Gatehouse needs ${SCHEMA_VERSION}: run \`npm run migrate\``;
  return new StorageError("SchemaMismatch", { operation: "assertSchema", message });
}
