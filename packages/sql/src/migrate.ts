import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import type { Database, SqlDatabase } from "./database.ts";
import { guard, toStorageError } from "./lib/driver-errors.ts";
import {
  MIGRATION_SETTLE_WAIT_MS,
  readWhenMigrationsSettle,
  withMigrationLock,
} from "./lib/migration-lock.ts";
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
const GATEHOUSE_TABLES = ["gh_users", "gh_accounts", "gh_sessions", "gh_verification_tokens"];

/**
 * Reads the schema version, without changing anything.
 *
 * One read is several statements, not one snapshot, and a migration another process runs may
 * commit while it is under way: a read that found no gh_schema and then, the commit having landed,
 * gh_users says "tables but no version" of a schema that is fine (on PostgreSQL a backend may also
 * resolve tables by a catalog cache a moment older than another's). So "unknown" is trusted only
 * when read again once no migration holds the migration lock, which the migrating process keeps
 * until its commit is done.
 */
export function readSchemaState(db: SqlDatabase): Promise<SchemaState> {
  return guard("readSchemaState", async () => {
    const state = await readStateOnce(db);
    if (state.kind !== "unknown") return state;
    const schema = db.dialect === "postgres" ? await currentSchema(db.kysely) : undefined;
    const settled = await readWhenMigrationsSettle(
      db,
      { schema, waitMs: MIGRATION_SETTLE_WAIT_MS },
      readStateOnce,
    ).catch(() => null);
    // Still locked after the wait (or the statement time-out cut it): the best answer is a new read.
    return settled ?? readStateOnce(db);
  });
}

async function readStateOnce(db: SqlDatabase): Promise<SchemaState> {
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
  // Kysely makes its bookkeeping tables before the transaction its migrations run in, so another
  // process sees them, empty, while the first migration is under way (and an older Gatehouse killed
  // there left them behind). Empty, they record no migration: there is no schema yet.
  if ((await tableExists(db, MIGRATION_TABLE)) && (await hasRows(db, MIGRATION_TABLE))) {
    return { kind: "unknown" };
  }
  return { kind: "missing" };
}

export interface AssertSchemaOptions {
  /** How long to wait, in ms, for a migration another process is running before saying so (default 10 s). */
  migrationWait?: number;
}

/**
 * Refuses to start against a database this Gatehouse cannot use: no schema, an unversioned one, or
 * one older or newer than it knows. Call at start-up, after `migrate` in development. A schema
 * that is not current is read again once a migration under way (another instance's start, a
 * `migrate` command) is done, so a start during one waits for it rather than refusing.
 *
 * @example await assertSchema(adapter.db)
 */
export async function assertSchema(db: SqlDatabase, options: AssertSchemaOptions = {}): Promise<void> {
  // One plain read first: readSchemaState's own wait for a migration (on "unknown") would come before
  // this function's, and without its `migrationWait`; the read that counts is the settled one below.
  if (isCurrent(await guard("assertSchema", () => readStateOnce(db)))) return;
  const schema = db.dialect === "postgres" ? await currentSchema(db.kysely) : undefined;
  const waitMs = options.migrationWait ?? MIGRATION_SETTLE_WAIT_MS;
  // The wait for a migration under way is its own bound (waitMs), not the statement time-out's.
  const settled = await guard("assertSchema", () =>
    withoutStatementTimeout(db, (unbounded) =>
      readWhenMigrationsSettle(unbounded, { schema, waitMs }, readStateOnce),
    ),
  );
  if (settled === null) {
    throw new StorageError("SchemaMismatch", {
      operation: "assertSchema",
      message:
        "a migration of this database is in progress (another process holds the migration lock): " +
        "start again once it has finished",
    });
  }
  if (!isCurrent(settled)) throw schemaMismatch(settled);
}

/**
 * Applies the shipped migrations that have not run yet; a no-op on a current schema. Refuses an
 * unversioned or newer schema rather than guessing. Safe to run from several processes at once (two
 * instances starting on an empty database, two `migrate` commands): each holds the migration lock
 * from reading the schema version to writing the new one, so the second waits for the first, finds
 * the schema current and applies nothing.
 *
 * @example await migrate(adapter.db) // the web app does this in development
 */
export async function migrate(db: SqlDatabase): Promise<MigrateResult> {
  // A migration may rewrite a big table, and waits for another process's (MIGRATION_LOCK_WAIT_MS):
  // it runs where the adapter's statement time-out does not apply.
  const applied = await withoutStatementTimeout(db, async (unbounded) => {
    const schema = unbounded.dialect === "postgres" ? await currentSchema(unbounded.kysely) : undefined;
    return withMigrationLock(unbounded, schema, async (locked) => {
      // Read under the lock: whatever another process migrated has committed by now.
      const state = await guard("migrate", () => readStateOnce(locked));
      if (state.kind === "unknown" || (state.kind === "versioned" && state.version > SCHEMA_VERSION)) {
        throw schemaMismatch(state);
      }
      return runMigrator(locked.kysely, locked, schema);
    });
  });
  return { applied, version: SCHEMA_VERSION };
}

/**
 * Runs `work` on the database where the adapter's statement time-out does not apply (`unbounded`:
 * a connection of its own for a PostgreSQL adapter made from a URL), else on `db` itself.
 */
function withoutStatementTimeout<T>(
  db: SqlDatabase,
  work: (unbounded: SqlDatabase) => Promise<T>,
): Promise<T> {
  const { unbounded } = db;
  return unbounded ? unbounded((kysely) => work({ kysely, dialect: db.dialect })) : work(db);
}

function isCurrent(state: SchemaState): boolean {
  return state.kind === "versioned" && state.version === SCHEMA_VERSION;
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

async function hasRows(db: SqlDatabase, table: string): Promise<boolean> {
  const { rows } = await sql`select 1 as found from ${sql.table(table)} limit 1`.execute(db.kysely);
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
