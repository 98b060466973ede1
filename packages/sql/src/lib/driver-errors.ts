import { StorageError, type StorageErrorCode } from "../storage-error.ts";

/**
 * Turns whatever pg, node:sqlite or Kysely threw into a StorageError. Only codes and constraint
 * names are kept: a driver message can quote the SQL or, for PostgreSQL's `detail`, the conflicting
 * value (an email), and it must not reach a log line or a client.
 */
export function toStorageError(error: unknown, operation: string): StorageError {
  if (error instanceof StorageError) return error;
  const { code, driverCode, constraint, message } = classify(error);
  return new StorageError(code, { operation, driverCode, constraint, message });
}

/** Runs one adapter operation, wrapping anything it throws except misuse (a `TypeError`). */
export async function guard<T>(operation: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof TypeError) throw error;
    throw toStorageError(error, operation);
  }
}

/** A write that named a row that does not exist (PostgreSQL 23503, SQLite FOREIGN KEY): a `Conflict`. */
export function isForeignKeyViolation(error: StorageError): boolean {
  return (
    error.code === "Conflict" &&
    (error.driverCode === "23503" || error.driverCode === String(SQLITE_CONSTRAINT_FOREIGNKEY))
  );
}

interface Classified {
  code: StorageErrorCode;
  driverCode?: string | undefined;
  constraint?: string | undefined;
  /** Only for `SchemaMismatch`. */
  message?: string | undefined;
}

/**
 * A Gatehouse table the database does not have: the schema was never created (or only in part).
 * Said at the first request that needs it, with the commands that create it, rather than answered
 * as an outage to retry (StorageUnavailable) or a bare failure.
 */
function missingTable(table: string, driverCode: string): Classified {
  return {
    code: "SchemaMismatch",
    driverCode,
    constraint: table,
    message: `the database has no Gatehouse schema (table ${table} is missing): create it before starting — \`npx gatehouse-migrate --url "$DATABASE_URL"\` or \`await migrate(adapter.db)\` (@gatehouse/sql), \`npm run migrate\` for the web app`,
  };
}

// Socket-level failures from pg's connection (and AggregateError from happy-eyeballs connects).
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
]);

/**
 * The code of the error the PostgreSQL adapter throws, without asking the database, while it fails
 * fast after the database failed to connect or answer (`failFastMs`).
 */
export const FAIL_FAST_CODE = "FAIL_FAST";

// pg and Kysely throw these as plain Errors without a code; the driver code logged names which.
const PG_UNAVAILABLE_MESSAGES: [RegExp, string][] = [
  // "Connection terminated due to connection timeout" (pg-pool), "timeout expired" (pg's client).
  [/Connection terminated due to connection timeout|^timeout expired$/, "CONNECT_TIMEOUT"],
  // No pooled connection came free within the connect time-out.
  [/timeout exceeded when trying to connect/, "POOL_TIMEOUT"],
  // The client waited `query_timeout` for an answer that never came.
  [/Query read timeout/, "QUERY_TIMEOUT"],
  // The connection ended under the query, or had ended before it ("… is not queryable"; Kysely's
  // "connection has been discarded" after a failed rollback).
  [/Connection terminated|not queryable|connection has been discarded/, "CONNECTION_LOST"],
  [/Cannot use a pool after calling end/, "POOL_ENDED"],
];

function messageOf(record: Record<string, unknown>): string {
  return typeof record.message === "string" ? record.message : "";
}

// SQLite's generic error (a missing table among others).
const SQLITE_ERROR = 1;
// SQLite primary result codes meaning "the file can't be used right now".
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;
const SQLITE_CONSTRAINT = 19;
const SQLITE_UNAVAILABLE = new Set([
  SQLITE_BUSY,
  SQLITE_LOCKED,
  SQLITE_READONLY,
  SQLITE_IOERR,
  SQLITE_FULL,
  SQLITE_CANTOPEN,
]);
const SQLITE_CONSTRAINT_FOREIGNKEY = 787;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const SQLITE_CONSTRAINT_UNIQUE = 2067;

function classify(error: unknown): Classified {
  if (typeof error !== "object" || error === null) return { code: "StorageFailed" };
  const record = error as Record<string, unknown>;
  const code = typeof record.code === "string" ? record.code : undefined;

  if (code === "ERR_SQLITE_ERROR" && typeof record.errcode === "number") return classifySqlite(record);
  if (code === "ERR_INVALID_STATE") return { code: "StorageUnavailable", driverCode: code }; // closed DatabaseSync
  if (code === FAIL_FAST_CODE) return { code: "StorageUnavailable", driverCode: code };
  if (code !== undefined && NETWORK_CODES.has(code)) return { code: "StorageUnavailable", driverCode: code };
  if (code !== undefined && /^[0-9A-Z]{5}$/.test(code)) return classifyPostgres(code, record);
  if (error instanceof AggregateError && error.errors.length > 0) return classify(error.errors[0]);
  if (error instanceof Error) {
    const known = PG_UNAVAILABLE_MESSAGES.find(([pattern]) => pattern.test(error.message));
    if (known) return { code: "StorageUnavailable", driverCode: known[1] };
  }
  return { code: "StorageFailed", driverCode: code };
}

function classifyPostgres(sqlstate: string, record: Record<string, unknown>): Classified {
  const constraint = typeof record.constraint === "string" ? record.constraint : undefined;
  const base = { driverCode: sqlstate, constraint };
  if (sqlstate === "23505")
    return { ...base, code: constraint === "gh_users_email_key" ? "EmailTaken" : "Conflict" };
  if (sqlstate === "23503") return { ...base, code: "Conflict" };
  // 42P01 undefined_table: `relation "gh_users" does not exist` names the table, never a value.
  const missing =
    sqlstate === "42P01" ? /relation "(?:\w+\.)?(gh_\w+)" does not exist/.exec(messageOf(record)) : null;
  if (missing?.[1]) return missingTable(missing[1], sqlstate);
  // 08 connection exception, 53 insufficient resources, 57P admin shutdown / crash shutdown / cannot
  // connect now (pg_terminate_backend, a restart), 40 serialization failure / deadlock, 55P03 lock not
  // available, 57014 statement timeout (or cancel), 25P03 idle-in-transaction session time-out.
  if (/^(08|53|57P|40)/.test(sqlstate) || ["55P03", "57014", "25P03"].includes(sqlstate)) {
    return { ...base, code: "StorageUnavailable" };
  }
  return { ...base, code: "StorageFailed" };
}

function classifySqlite(record: Record<string, unknown>): Classified {
  const extended = record.errcode as number;
  const primary = extended & 0xff;
  const driverCode = String(extended);
  if (SQLITE_UNAVAILABLE.has(primary)) return { code: "StorageUnavailable", driverCode };
  const missing =
    primary === SQLITE_ERROR ? /no such table: (?:\w+\.)?(gh_\w+)/.exec(messageOf(record)) : null;
  if (missing?.[1]) return missingTable(missing[1], driverCode);
  if (primary !== SQLITE_CONSTRAINT) return { code: "StorageFailed", driverCode };
  // "UNIQUE constraint failed: gh_users.email" names table.column only, never the value.
  const constraint = /constraint failed: ([\w.]+)/.exec(messageOf(record))?.[1];
  if (extended === SQLITE_CONSTRAINT_UNIQUE || extended === SQLITE_CONSTRAINT_PRIMARYKEY) {
    return { code: constraint === "gh_users.email" ? "EmailTaken" : "Conflict", driverCode, constraint };
  }
  if (extended === SQLITE_CONSTRAINT_FOREIGNKEY) return { code: "Conflict", driverCode, constraint };
  return { code: "StorageFailed", driverCode, constraint };
}
