import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "../database.ts";
import { createAdapterOver, type SqlAdapter } from "../sql-adapter.ts";
import { postgresSessionLookup } from "./postgres-session-lookup.ts";

/**
 * The adapter over PostgreSQL through `pg`: a `postgres://` URL (the adapter owns and ends its pool)
 * or a `pg.Pool` that stays the caller's to end.
 *
 * @example const adapter = createPostgresAdapter(process.env.DATABASE_URL)
 */
export function createPostgresAdapter(database: pg.Pool | string): SqlAdapter {
  const owned = typeof database === "string";
  const pool = owned
    ? new pg.Pool({ connectionString: database, connectionTimeoutMillis: 10_000 })
    : database;
  // An idle client dropped by the server emits 'error' on the pool; unhandled, that kills the process.
  // The next query gets a fresh client or a StorageUnavailable error, which is where it belongs.
  if (owned) pool.on("error", () => {});
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Kysely's destroy() ends the pool, so a borrowed pool is left alone.
  const adapter = createAdapterOver(
    { kysely, dialect: "postgres" },
    owned ? () => kysely.destroy() : async () => {},
  );
  return { ...adapter, getSessionAndUser: postgresSessionLookup(pool) };
}
