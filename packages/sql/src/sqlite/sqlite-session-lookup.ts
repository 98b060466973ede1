import type { DatabaseSync, StatementSync } from "node:sqlite";
import { toStorageError } from "../lib/driver-errors.ts";
import { SESSION_AND_USER_SQL, type SessionAndUserRow, toSessionAndUser } from "../lib/session-lookup.ts";
import type { SqlAdapter } from "../sql-adapter.ts";

/**
 * `getSessionAndUser` as one prepared statement on the open `node:sqlite` handle: a synchronous
 * B-tree lookup of a few microseconds, with no query building and no connection mutex. While a
 * Kysely transaction holds the connection the read goes through `fallback` instead, so it never
 * runs inside somebody else's uncommitted transaction.
 */
export function sqliteSessionLookup(
  sqlite: DatabaseSync,
  fallback: SqlAdapter["getSessionAndUser"],
): SqlAdapter["getSessionAndUser"] {
  let statement: StatementSync | undefined;
  return async (sessionToken) => {
    let row: SessionAndUserRow | undefined;
    try {
      // (A closed database throws here too, and becomes a StorageError like any driver failure.)
      if (sqlite.isTransaction) return await fallback(sessionToken);
      statement ??= sqlite.prepare(`${SESSION_AND_USER_SQL}?`);
      row = statement.get(sessionToken) as SessionAndUserRow | undefined;
    } catch (error) {
      throw toStorageError(error, "getSessionAndUser");
    }
    return toSessionAndUser(row);
  };
}
