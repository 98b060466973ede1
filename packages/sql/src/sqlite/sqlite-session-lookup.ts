import type { DatabaseSync, StatementSync } from "node:sqlite";
import { toStorageError } from "../lib/driver-errors.ts";
import {
  fromTuple,
  SESSION_AND_USER_SQL,
  type SessionAndUserRow,
  type SessionAndUserTuple,
  toSessionAndUser,
} from "../lib/session-lookup.ts";
import type { SqlAdapter } from "../sql-adapter.ts";

/**
 * `getSessionAndUser` as one prepared statement on the open `node:sqlite` handle: a synchronous
 * B-tree lookup of a few microseconds, with no query building and no connection mutex. While a
 * Kysely transaction holds the connection the read goes through `fallback` instead, so it never
 * runs inside somebody else's uncommitted transaction. The row is read as an array where node:sqlite
 * can (`setReturnArrays`: Node 24, 22.16), which costs less than an object with a key per column.
 */
export function sqliteSessionLookup(
  sqlite: DatabaseSync,
  fallback: SqlAdapter["getSessionAndUser"],
): SqlAdapter["getSessionAndUser"] {
  let statement: StatementSync | undefined;
  let arrays = false;
  return async (sessionToken) => {
    let row: unknown;
    try {
      // (A closed database throws here too, and becomes a StorageError like any driver failure.)
      if (sqlite.isTransaction) return await fallback(sessionToken);
      if (statement === undefined) {
        statement = sqlite.prepare(`${SESSION_AND_USER_SQL}?`);
        arrays = typeof statement.setReturnArrays === "function";
        if (arrays) statement.setReturnArrays(true);
      }
      row = statement.get(sessionToken);
    } catch (error) {
      throw toStorageError(error, "getSessionAndUser");
    }
    return arrays
      ? fromTuple(row as SessionAndUserTuple | undefined)
      : toSessionAndUser(row as SessionAndUserRow | undefined);
  };
}
