import {
  Kysely,
  type PostgresCursor,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
} from "kysely";
import pg from "pg";
import type { Database } from "../database.ts";
import { createAdapterOver, type SqlAdapter } from "../sql-adapter.ts";
import { type GuardedPool, guardPool } from "./guarded-pool.ts";
import {
  assertNoPoolTimeouts,
  type PostgresAdapterOptions,
  poolConfig,
  type ResolvedPostgresOptions,
  resolvePostgresOptions,
} from "./postgres-options.ts";
import { postgresSessionLookup } from "./postgres-session-lookup.ts";

/**
 * The adapter over PostgreSQL through `pg`: a `postgres://` URL (the adapter owns and ends its pool,
 * made with the time-outs of `options`) or a `pg.Pool` that stays the caller's to end (its own
 * time-outs apply; the adapter adds `error` listeners to it and to the connections it checks out, so
 * a connection the server ends cannot crash the process). Either way a database that is down or
 * hangs fails each call with `StorageError` `StorageUnavailable` within the time-outs, and the
 * adapter reconnects on its own once the database is back.
 *
 * @example const adapter = createPostgresAdapter(process.env.DATABASE_URL, { statementTimeoutMs: 5000 })
 */
export function createPostgresAdapter(
  database: pg.Pool | string,
  options: PostgresAdapterOptions = {},
): SqlAdapter {
  const owned = typeof database === "string";
  if (!owned) assertNoPoolTimeouts(options);
  const resolved = resolvePostgresOptions(options);
  const pool = owned ? new pg.Pool(poolConfig(database, resolved)) : database;
  const guarded = guardPool(pool, { failFastMs: resolved.failFastMs });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: kyselyPool(pool, guarded) }) });
  // Kysely's destroy() ends the pool, so a borrowed pool is left alone.
  const adapter = createAdapterOver(
    {
      kysely,
      dialect: "postgres",
      ...(owned && { unbounded: (work) => withoutStatementTimeout(database, resolved, work) }),
    },
    owned ? () => kysely.destroy() : async () => {},
  );
  return { ...adapter, getSessionAndUser: postgresSessionLookup(guarded) };
}

/** Runs `work` on one connection of its own, with the adapter's time-outs but the statement one. */
async function withoutStatementTimeout<T>(
  url: string,
  options: ResolvedPostgresOptions,
  work: (kysely: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const pool = new pg.Pool({ ...poolConfig(url, { ...options, statementTimeoutMs: 0 }), max: 1 });
  const guarded = guardPool(pool, { failFastMs: 0 });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: kyselyPool(pool, guarded) }) });
  try {
    return await work(kysely);
  } finally {
    await kysely.destroy();
  }
}

/** The guarded pool in the shape Kysely's dialect takes (no `Client`: Kysely cancels nothing of ours). */
function kyselyPool(pool: pg.Pool, guarded: GuardedPool): PostgresPool {
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      const client = await guarded.connect();
      // Kysely sends text and parameters; a cursor (streaming) is never asked for by the adapter.
      const query = (sql: string | PostgresCursor<unknown>, parameters?: readonly unknown[]) => {
        if (typeof sql !== "string") throw new TypeError("Gatehouse storage: the adapter streams no queries");
        return client.query(sql, parameters);
      };
      return {
        query: query as unknown as PostgresPoolClient["query"],
        release: (destroy) => client.release(destroy),
      };
    },
  };
}
