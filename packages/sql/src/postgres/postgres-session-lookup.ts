import type pg from "pg";
import { guard } from "../lib/driver-errors.ts";
import { SESSION_AND_USER_SQL, type SessionAndUserRow, toSessionAndUser } from "../lib/session-lookup.ts";
import type { SqlAdapter } from "../sql-adapter.ts";

/**
 * `getSessionAndUser` as a named prepared statement: PostgreSQL parses and plans it once per
 * connection, and each request sends only the hash. One round trip, no query building.
 */
export function postgresSessionLookup(pool: pg.Pool): SqlAdapter["getSessionAndUser"] {
  return (sessionToken) =>
    guard("getSessionAndUser", async () => {
      const result = await pool.query<SessionAndUserRow>({
        name: "gatehouse_session_and_user",
        text: `${SESSION_AND_USER_SQL}$1`,
        values: [sessionToken],
      });
      return toSessionAndUser(result.rows[0]);
    });
}
