import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from "kysely";

/**
 * Kysely's SqliteDialect over Node's built-in `node:sqlite` (no native addon).
 *
 * The dialect is written against better-sqlite3, and `DatabaseSync` differs in two ways that matter:
 * its statements have no `reader` flag (Kysely would `run()` every SELECT and return no rows), and
 * `all()`/`run()` take parameters spread, not as one array (an array would be read as named
 * parameters). This shim closes both gaps and nothing else: Kysely's own driver still runs
 * transactions, savepoints, and the connection mutex that serialises a single SQLite connection.
 */
export function createNodeSqliteDialect(database: DatabaseSync, options: { owned: boolean }): SqliteDialect {
  return new SqliteDialect({ database: adapt(database, options.owned) });
}

function adapt(database: DatabaseSync, owned: boolean): SqliteDatabase {
  return {
    // A caller-supplied DatabaseSync stays open: whoever opened it closes it.
    close: () => {
      if (owned && database.isOpen) database.close();
    },
    prepare(sql: string): SqliteStatement {
      const statement = database.prepare(sql);
      return {
        // A statement returns rows iff it has result columns: SELECT, and INSERT/UPDATE/DELETE … RETURNING.
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...bindable(parameters)),
        run: (parameters) => statement.run(...bindable(parameters)),
        iterate: (parameters) => statement.iterate(...bindable(parameters)),
      };
    },
  };
}

// node:sqlite binds only these; booleans become 0/1 as SQLite stores them. Anything else (a Date,
// an object) is a bug upstream — the adapter converts dates to epoch milliseconds itself.
function bindable(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === "boolean") return value ? 1 : 0;
    if (value === undefined) return null;
    return value as SQLInputValue;
  });
}
