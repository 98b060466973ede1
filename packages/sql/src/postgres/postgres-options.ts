import { ConfigError } from "@gatehouse/core";
import type pg from "pg";

/**
 * How long the PostgreSQL adapter waits, so that a database that is down, partitioned or very slow
 * costs a request a few seconds and a `StorageUnavailable` (503), never minutes. Every value is in
 * milliseconds; 0 turns that bound off.
 */
export interface PostgresAdapterOptions {
  /**
   * Connecting (TCP, TLS, start-up and authentication), and waiting for a free connection of the pool.
   * Default 2000. Only for a URL: a `pg.Pool` of yours keeps its `connectionTimeoutMillis`.
   */
  connectTimeoutMs?: number | undefined;
  /**
   * One statement: sent as PostgreSQL's `statement_timeout` (the server cancels it, 57014), and
   * bounded on the client too, 500 ms later (pg's `query_timeout`), for when the server or the
   * network does not answer at all; such a connection is closed, never reused. Default 3000. Only
   * for a URL: a `pg.Pool` of yours keeps its `statement_timeout` and `query_timeout`.
   */
  statementTimeoutMs?: number | undefined;
  /**
   * PostgreSQL's `idle_in_transaction_session_timeout`: a transaction left open (its locks held)
   * while the client does nothing is ended by the server. Default 5000. Only for a URL.
   */
  idleInTransactionTimeoutMs?: number | undefined;
  /**
   * After the database failed to connect or to answer in time, calls fail at once with
   * `StorageUnavailable` for this long instead of each waiting the time-outs again; then one call
   * tries, and the first answer ends the pause. Default 1000; for a URL or a pool.
   */
  failFastMs?: number | undefined;
}

/** The options with every value set. */
export type ResolvedPostgresOptions = { [K in keyof PostgresAdapterOptions]-?: number };

/** The defaults: every request answers within about connect + statement + 0.5 s = 5.5 s at worst. */
export const POSTGRES_DEFAULTS = {
  connectTimeoutMs: 2000,
  statementTimeoutMs: 3000,
  idleInTransactionTimeoutMs: 5000,
  failFastMs: 1000,
} as const satisfies ResolvedPostgresOptions;

/**
 * How much later than `statement_timeout` the client gives up on a statement: long enough for a
 * server that is alive to answer 57014 itself (the connection then stays usable), short enough to
 * keep the worst case near the statement time-out.
 */
export const CLIENT_TIMEOUT_MARGIN_MS = 500;

const TIMEOUT_KEYS = ["connectTimeoutMs", "statementTimeoutMs", "idleInTransactionTimeoutMs"] as const;

/** The options with defaults filled in; a negative, fractional or non-number value throws. */
export function resolvePostgresOptions(options: PostgresAdapterOptions): ResolvedPostgresOptions {
  const resolved: ResolvedPostgresOptions = { ...POSTGRES_DEFAULTS };
  for (const key of Object.keys(POSTGRES_DEFAULTS) as (keyof PostgresAdapterOptions)[]) {
    const value = options[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new ConfigError(
        `Gatehouse storage: ${key} must be a whole number of milliseconds, 0 or more (0 turns it off), got ${String(value)}`,
      );
    }
    resolved[key] = value;
  }
  return resolved;
}

/** Refuses time-outs for a pool the caller made: they are the pool's settings, fixed when it was created. */
export function assertNoPoolTimeouts(options: PostgresAdapterOptions): void {
  const given = TIMEOUT_KEYS.filter((key) => options[key] !== undefined);
  if (given.length === 0) return;
  throw new ConfigError(
    `Gatehouse storage: ${given.join(", ")} apply to a postgres:// URL only; for a pg.Pool of yours set ` +
      "connectionTimeoutMillis, statement_timeout, query_timeout and idle_in_transaction_session_timeout on the pool",
  );
}

/** The `pg.Pool` settings for a URL under these options. */
export function poolConfig(url: string, options: ResolvedPostgresOptions): pg.PoolConfig {
  const { connectTimeoutMs, statementTimeoutMs, idleInTransactionTimeoutMs } = options;
  return {
    connectionString: url,
    // pg reads 0 as "no time-out" for both; for the server-side ones, unset means the server's own.
    connectionTimeoutMillis: connectTimeoutMs,
    ...(statementTimeoutMs > 0 && {
      statement_timeout: statementTimeoutMs,
      query_timeout: statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
    }),
    ...(idleInTransactionTimeoutMs > 0 && {
      idle_in_transaction_session_timeout: idleInTransactionTimeoutMs,
    }),
    // Keeps idle pooled connections from being reaped silently by a firewall or NAT on the way.
    keepAlive: true,
  };
}
