/**
 * The one error the SQL adapter throws for a database failure. The message is fixed per code (plus
 * the adapter operation), so no SQL text, row value, email or token hash ever reaches a log or a
 * response; `driverCode` and `constraint` keep enough of the driver's reason to debug with.
 *
 * @example
 * try { await adapter.createUser(user) } catch (e) { if (isStorageError(e, "EmailTaken")) … }
 */
export type StorageErrorCode =
  /** Down, unreachable, locked/busy, out of connections or closed: worth a retry, maps to a 503. */
  | "StorageUnavailable"
  /** Another user already holds this email (the unique index said so). */
  | "EmailTaken"
  /** Another duplicate key (account, session token, verification token) or a missing referenced user. */
  | "Conflict"
  /** The row to update does not exist. */
  | "NotFound"
  /** The database schema is missing, unknown, older or newer than this Gatehouse expects. */
  | "SchemaMismatch"
  /** Any other database failure. */
  | "StorageFailed";

const messages: Record<Exclude<StorageErrorCode, "SchemaMismatch">, string> = {
  StorageUnavailable: "the database is unavailable (down, locked or out of connections); try again later",
  EmailTaken: "another user already has this email address",
  Conflict: "the record conflicts with an existing one (duplicate key or missing referenced row)",
  NotFound: "the record to update does not exist",
  StorageFailed: "the database rejected the operation",
};

export interface StorageErrorDetails {
  /** The adapter method or step that failed, e.g. `"createUser"`. */
  operation: string;
  /** SQLSTATE (PostgreSQL), extended result code (SQLite) or socket error code; never a value. */
  driverCode?: string | undefined;
  /** Name of the violated constraint or `table.column`, when the driver reports one. */
  constraint?: string | undefined;
  /** Only for `SchemaMismatch`: what is wrong and how to fix it. */
  message?: string | undefined;
}

export class StorageError extends Error {
  readonly code: StorageErrorCode;
  readonly operation: string;
  readonly driverCode: string | undefined;
  readonly constraint: string | undefined;

  constructor(code: StorageErrorCode, details: StorageErrorDetails) {
    const text = code === "SchemaMismatch" ? (details.message ?? "schema mismatch") : messages[code];
    super(`Gatehouse storage (${details.operation}): ${text}`);
    this.name = "StorageError";
    this.code = code;
    this.operation = details.operation;
    this.driverCode = details.driverCode;
    this.constraint = details.constraint;
  }
}

/** True for a StorageError of any code (or of the given one). */
export function isStorageError(value: unknown, code?: StorageErrorCode): value is StorageError {
  return value instanceof StorageError && (code === undefined || value.code === code);
}
