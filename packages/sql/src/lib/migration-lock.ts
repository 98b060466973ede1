import { setTimeout as sleep } from "node:timers/promises";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database, SqlDatabase } from "../database.ts";
import { guard } from "./driver-errors.ts";

/**
 * How long `migrate` waits for another process's migration of the same database before it gives
 * up: long, since upgrading a large table may take minutes, and what waits is a start-up or a
 * `migrate` command that has nothing better to do.
 */
export const MIGRATION_LOCK_WAIT_MS = 10 * 60_000;

/**
 * How long `assertSchema` waits for a migration under way before it says so: a production start
 * that meets one mid-way reads the schema once it is done instead of refusing a half-made one.
 */
export const MIGRATION_SETTLE_WAIT_MS = 10_000;

/**
 * The PostgreSQL advisory lock key of the migrations of one schema: two 32-bit keys, a space of
 * their own (the 64-bit keys Kysely's own lock uses cannot collide with them). Per schema, so two
 * Gatehouse installs in one database do not wait for each other.
 */
export function migrationLockKey(schema: string): RawBuilder<unknown> {
  return sql`hashtext('gatehouse.migrate'), hashtext(${schema})`;
}

/**
 * Runs `run` holding the database's migration lock, on one connection that `run` gets as its
 * database, so that the schema state it reads, the migrations it applies and the version they write
 * are one step no other `migrate` can interleave with. A second process waits (up to
 * `MIGRATION_LOCK_WAIT_MS`) and then finds the schema current.
 *
 * PostgreSQL: a session-level advisory lock on a dedicated connection, held across Kysely's
 * Migrator, which runs the migrations in a transaction of its own on the same connection; the lock
 * goes with the session if the process dies. SQLite: `BEGIN IMMEDIATE` takes the write lock (other
 * processes' writes wait, their reads go on in WAL mode) and makes the migrations one transaction,
 * so a failure or a kill leaves the file as it was.
 */
export async function withMigrationLock<T>(
  db: SqlDatabase,
  schema: string | undefined,
  run: (locked: SqlDatabase) => Promise<T>,
): Promise<T> {
  if (db.dialect === "postgres") {
    if (schema === undefined) throw new TypeError("withMigrationLock: PostgreSQL needs the schema");
    const key = migrationLockKey(schema);
    return db.kysely.connection().execute(async (connection) => {
      // lock_timeout for this one statement only (set_config local to its implicit transaction).
      await guard("migrate", () =>
        sql`with wait as (select set_config('lock_timeout', ${String(MIGRATION_LOCK_WAIT_MS)}, true))
          select pg_advisory_lock(${key}) from wait`.execute(connection),
      );
      try {
        return await run({ kysely: connection, dialect: "postgres" });
      } finally {
        // Fails only with the connection itself, and a session that ends releases its locks.
        await sql`select pg_advisory_unlock(${key})`.execute(connection).catch(() => {});
      }
    });
  }
  return db.kysely.connection().execute(async (connection) => {
    await guard("migrate", () => beginImmediate(connection, MIGRATION_LOCK_WAIT_MS));
    try {
      const result = await run({ kysely: connection, dialect: "sqlite" });
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

/**
 * Reads with `read` once no migration of the database is under way: waits up to `waitMs` for the
 * migration lock (PostgreSQL: a shared hold of the advisory lock; SQLite: the write lock), reads,
 * and lets go without writing. Null when a migration still held it after the
 * wait.
 */
export async function readWhenMigrationsSettle<T>(
  db: SqlDatabase,
  options: { schema: string | undefined; waitMs: number },
  read: (settled: SqlDatabase) => Promise<T>,
): Promise<T | null> {
  if (db.dialect === "postgres") {
    if (options.schema === undefined)
      throw new TypeError("readWhenMigrationsSettle: PostgreSQL needs the schema");
    const key = migrationLockKey(options.schema);
    // A session-level hold on one connection, each read its own statement: a read inside the
    // transaction that waited would find the tables by a catalog cache from before the wait (a
    // backend takes in other sessions' DDL at transaction start, not on an advisory lock).
    return db.kysely.connection().execute(async (connection) => {
      try {
        await sql`with wait as (select set_config('lock_timeout', ${String(options.waitMs)}, true))
          select pg_advisory_lock_shared(${key}) from wait`.execute(connection);
      } catch (error) {
        // lock_not_available: the wait ran out; query_canceled: a statement time-out cut it shorter.
        if (driverCode(error) === "55P03" || driverCode(error) === "57014") return null;
        throw error;
      }
      try {
        return await read({ kysely: connection, dialect: "postgres" });
      } finally {
        await sql`select pg_advisory_unlock_shared(${key})`.execute(connection).catch(() => {});
      }
    });
  }
  return db.kysely.connection().execute(async (connection) => {
    try {
      await beginImmediate(connection, options.waitMs);
    } catch (error) {
      if (isSqliteBusy(error)) return null;
      // Not a lock (a read-only file, say): nothing to wait for, and the read says the rest.
      return read({ kysely: connection, dialect: "sqlite" });
    }
    try {
      return await read({ kysely: connection, dialect: "sqlite" });
    } finally {
      await sql`rollback`.execute(connection);
    }
  });
}

/**
 * `BEGIN IMMEDIATE`, tried until it gets the write lock or `waitMs` has passed (then the last
 * SQLITE_BUSY is thrown). Not SQLite's own busy_timeout: node:sqlite waits synchronously, so a
 * holder in this same process (a second adapter on the file) could never finish while this one
 * waited; between tries the thread is free.
 */
async function beginImmediate(connection: Kysely<Database>, waitMs: number): Promise<void> {
  const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(connection);
  const busyTimeout = Number(rows[0]?.timeout ?? 0);
  await sql.raw("pragma busy_timeout = 0").execute(connection);
  try {
    const deadline = Date.now() + waitMs;
    for (let pause = 5; ; pause = Math.min(pause * 2, 200)) {
      try {
        await sql`begin immediate`.execute(connection);
        return;
      } catch (error) {
        if (!isSqliteBusy(error) || Date.now() >= deadline) throw error;
      }
      await sleep(pause);
    }
  } finally {
    await sql.raw(`pragma busy_timeout = ${busyTimeout}`).execute(connection);
  }
}

function driverCode(error: unknown): unknown {
  return typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
}

// node:sqlite's errors carry the extended result code; its low byte is SQLITE_BUSY (5).
function isSqliteBusy(error: unknown): boolean {
  const errcode =
    typeof error === "object" && error !== null ? (error as { errcode?: unknown }).errcode : undefined;
  return typeof errcode === "number" && (errcode & 0xff) === 5;
}
