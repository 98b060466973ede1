import type { EventEmitter } from "node:events";
import type pg from "pg";
import { FAIL_FAST_CODE } from "../lib/driver-errors.ts";

/** A pooled connection as the adapter uses it: queries, then one release. */
export interface GuardedClient {
  /** `rowMode: "array"` (a `QueryArrayConfig`) gives rows as arrays, typed as `R` by the caller. */
  query<R extends pg.QueryResultRow>(
    query: string | pg.QueryConfig | pg.QueryArrayConfig,
    values?: readonly unknown[],
  ): Promise<pg.QueryResult<R>>;
  /** Back to the pool; `destroy` (or a connection this wrapper saw break) closes it instead. */
  release(destroy?: boolean): void;
}

/** The pool as the adapter (Kysely and the session lookup) uses it. */
export interface GuardedPool {
  /** A connection, or at once a `StorageUnavailable`-mapped error while failing fast. */
  connect(): Promise<GuardedClient>;
}

/**
 * Wraps a `pg.Pool` so that a database that dies or hangs can neither crash the process nor stall
 * every request:
 *
 * - Every connection of the pool gets an `error` listener as it is checked out, on pg-pool's
 *   `acquire` event: pg emits `error` on a client whose server went away while it had no query
 *   running (`pg_terminate_backend`, a restart, an idle-in-transaction time-out, a reset); with no
 *   listener Node throws it and the process exits. pg-pool takes its own listener off as it hands
 *   the client over, synchronously, while the caller's `await` resumes only later: an error read in
 *   the same chunk as the reply that made the connection ready would fall in between. The pool gets
 *   one too, for its idle connections. The next query on such a client fails, and the pool drops
 *   it on release.
 * - A statement that timed out on the client side (pg's `query_timeout`: the server did not answer
 *   at all) leaves pg's client waiting for that answer; its socket is destroyed and the client never
 *   goes back to the pool, where the next caller's query would queue behind the lost one.
 * - After a connect failure or a client-side time-out, calls fail at once for `failFastMs`; then a
 *   single call tries, and the first answer from the server (rows or an SQL error) ends the pause.
 *   During an outage requests get their 503 at once instead of each waiting the time-outs.
 */
export function guardPool(pool: pg.Pool, options: { failFastMs: number; now?: () => number }): GuardedPool {
  const now = options.now ?? Date.now;
  const failFast = new FailFast(options.failFastMs, now);
  watchPool(pool);

  return {
    async connect() {
      const admission = failFast.admit();
      if (admission === "refuse") throw failFastError();
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        // Waiting for a free connection is the pool being busy, not the database being gone.
        if (!isPoolQueueTimeout(error)) failFast.trip();
        failFast.settle(admission);
        throw error;
      }
      return new Checkout(client, failFast, admission);
    },
  };
}

/** One checkout of a pooled client. */
class Checkout implements GuardedClient {
  private readonly client: pg.PoolClient;
  private readonly failFast: FailFast;
  private readonly admission: Admission;
  private broken: Error | undefined;
  private released = false;

  constructor(client: pg.PoolClient, failFast: FailFast, admission: Admission) {
    this.client = client;
    this.failFast = failFast;
    this.admission = admission;
  }

  async query<R extends pg.QueryResultRow>(
    query: string | pg.QueryConfig | pg.QueryArrayConfig,
    values?: readonly unknown[],
  ): Promise<pg.QueryResult<R>> {
    if (this.broken) throw this.broken;
    try {
      const result = await this.client.query<R>(query as pg.QueryConfig, values as unknown[] | undefined);
      this.failFast.answered();
      return result;
    } catch (error) {
      if (isClientTimeout(error)) {
        this.broken = error;
        // pg still waits for the lost answer on this socket; nothing may queue behind it.
        this.client.connection.stream.destroy();
        this.failFast.trip();
      } else if (hasSqlState(error) && !isConnectionLost(error)) {
        this.failFast.answered();
      }
      throw error;
    }
  }

  release(destroy?: boolean): void {
    if (this.released) return;
    this.released = true;
    this.failFast.settle(this.admission);
    this.client.release(this.broken ?? destroy === true);
  }
}

type Admission = "go" | "probe" | "refuse";

/**
 * The fail-fast pause: closed (every call goes), open (every call refused until `openUntil`), then
 * one probe at a time until an answer closes it or a failure opens it again.
 */
class FailFast {
  private openUntil: number | null = null;
  private probing = false;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(windowMs: number, now: () => number) {
    this.windowMs = windowMs;
    this.now = now;
  }

  admit(): Admission {
    if (this.openUntil === null) return "go";
    if (this.now() < this.openUntil || this.probing) return "refuse";
    this.probing = true;
    return "probe";
  }

  trip(): void {
    if (this.windowMs > 0) this.openUntil = this.now() + this.windowMs;
  }

  /** The server answered: whatever was failing works again. */
  answered(): void {
    this.openUntil = null;
  }

  /** A call ends; if it was the probe, the next call may try. */
  settle(admission: Admission): void {
    if (admission === "probe") this.probing = false;
  }
}

// Pools and connections already given a listener: many adapters may share one pool (one per test,
// one per tenant), and a listener each would pile up on it.
const listening = new WeakSet<pg.Pool | pg.PoolClient>();

function watchPool(pool: pg.Pool): void {
  if (listening.has(pool)) return;
  listening.add(pool);
  // An idle connection that dies is removed by the pool, which then emits `error`: unheard, fatal.
  (pool as EventEmitter).on("error", ignore);
  // Emitted before pg-pool takes its own listener off the client, in the same turn.
  pool.on("acquire", listenOnce);
}

function listenOnce(client: pg.PoolClient): void {
  if (listening.has(client)) return;
  listening.add(client);
  (client as EventEmitter).on("error", ignore);
}

function ignore(): void {}

function failFastError(): Error {
  return Object.assign(
    new Error("the database failed to connect or answer a moment ago; not asked again yet"),
    {
      code: FAIL_FAST_CODE,
    },
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : "";
}

/** pg-pool's error when no connection became free within `connectionTimeoutMillis`. */
function isPoolQueueTimeout(error: unknown): boolean {
  return messageOf(error) === "timeout exceeded when trying to connect";
}

/** pg's error when `query_timeout` passed without an answer. */
function isClientTimeout(error: unknown): error is Error {
  return error instanceof Error && error.message === "Query read timeout";
}

function hasSqlState(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code);
}

/** SQLSTATEs the server sends as it ends the connection: not an answer to the query. */
function isConnectionLost(error: unknown): boolean {
  const code = (error as { code?: unknown }).code as string;
  return code.startsWith("08") || code.startsWith("57P") || code === "25P03";
}
