import { guard } from "../lib/driver-errors.ts";
import { fromTuple, SESSION_AND_USER_SQL, type SessionAndUserTuple } from "../lib/session-lookup.ts";
import type { SqlAdapter } from "../sql-adapter.ts";
import type { GuardedPool } from "./guarded-pool.ts";

/**
 * `getSessionAndUser` as a named prepared statement: PostgreSQL parses and plans it once per
 * connection, and each request sends only the hash. One round trip, no query building; through the
 * guarded pool, so it fails fast and within the time-outs like every other call. The row comes as an
 * array (`rowMode: "array"`): no object with a key per column is built for it.
 */
export function postgresSessionLookup(pool: GuardedPool): SqlAdapter["getSessionAndUser"] {
  return (sessionToken) =>
    guard("getSessionAndUser", async () => {
      const client = await pool.connect();
      try {
        const result = await client.query<SessionAndUserTuple>({
          name: "gatehouse_session_and_user",
          text: `${SESSION_AND_USER_SQL}$1`,
          values: [sessionToken],
          rowMode: "array",
        });
        return fromTuple(result.rows[0]);
      } finally {
        client.release();
      }
    });
}
