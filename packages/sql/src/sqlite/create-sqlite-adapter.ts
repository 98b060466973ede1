import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type * as NodeSqlite from "node:sqlite";
import type { DatabaseSync } from "node:sqlite";
import { ConfigError } from "@gatehouse/core";
import { Kysely } from "kysely";
import type { Database } from "../database.ts";
import { toStorageError } from "../lib/driver-errors.ts";
import { createAdapterOver, type SqlAdapter } from "../sql-adapter.ts";
import { loadNodeSqlite } from "./node-sqlite.ts";
import { createNodeSqliteDialect } from "./node-sqlite-dialect.ts";
import { sqliteSessionLookup } from "./sqlite-session-lookup.ts";

/** SQLite's own ceiling for memory-mapped I/O (SQLITE_MAX_MMAP_SIZE), about 2 GiB. */
const MMAP_SIZE = 0x7fff0000;

export interface SqliteAdapterOptions {
  /** How long a statement waits for another process's write lock, in ms (default 5000). */
  busyTimeout?: number;
}

/**
 * The adapter over SQLite through `node:sqlite`: a file path (or `":memory:"`), or an open
 * `DatabaseSync` that stays the caller's to close.
 *
 * @example const adapter = createSqliteAdapter(".data/gatehouse.db")
 */
export function createSqliteAdapter(
  database: DatabaseSync | string,
  options: SqliteAdapterOptions = {},
): SqlAdapter {
  // Checked for a caller-supplied DatabaseSync too: the adapter needs what Node 22.16 added.
  const nodeSqlite = loadNodeSqlite();
  const owned = typeof database === "string";
  const sqlite = owned ? open(nodeSqlite, database) : database;
  const busyTimeout = options.busyTimeout ?? 5000;
  if (!Number.isInteger(busyTimeout) || busyTimeout < 0) {
    throw new ConfigError("Gatehouse storage: busyTimeout must be a non-negative integer (milliseconds)");
  }
  try {
    // busy_timeout makes a second process wait for a lock instead of failing at once with
    // SQLITE_BUSY; first, since switching a new file to WAL takes a lock too (two processes opening
    // one new file at once, as two first starts do: one of them failed right here). WAL lets readers run during a write;
    // foreign keys are off by default in SQLite and the user → accounts/sessions cascade depends on
    // them. Memory-mapped reads let a session lookup in a large database take its B-tree pages
    // straight from the OS page cache instead of a read() per page (the mapping is virtual; only
    // pages touched become resident).
    sqlite.exec(
      `PRAGMA busy_timeout = ${busyTimeout}; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA mmap_size = ${MMAP_SIZE};`,
    );
  } catch (error) {
    throw toStorageError(error, "open");
  }
  const kysely = new Kysely<Database>({ dialect: createNodeSqliteDialect(sqlite, { owned }) });
  const adapter = createAdapterOver({ kysely, dialect: "sqlite" }, () => kysely.destroy());
  return { ...adapter, getSessionAndUser: sqliteSessionLookup(sqlite, adapter.getSessionAndUser) };
}

function open(nodeSqlite: typeof NodeSqlite, path: string): DatabaseSync {
  // SQLite creates the file but not its folder, and says only "unable to open database file": name
  // what is missing instead of a StorageUnavailable that reads like an outage worth retrying.
  const folder = path === ":memory:" || path.startsWith("file:") ? null : dirname(resolve(path));
  if (folder !== null && !existsSync(folder)) {
    throw new ConfigError(
      `Gatehouse storage: the folder of the SQLite database does not exist: ${folder}. Create it (mkdir -p ${folder}) or point the URL at a file in a folder that exists.`,
    );
  }
  try {
    return new nodeSqlite.DatabaseSync(path);
  } catch (error) {
    throw toStorageError(error, "open");
  }
}
