import type { StorageErrorCode } from "@gatehouse/core";

/**
 * The storage codes of Gatehouse's error catalogue (`docs/errors.md` says when each is raised):
 * `StorageUnavailable` (down, unreachable, locked/busy, out of connections or closed: worth a retry),
 * `EmailTaken`, `Conflict`, `NotFound`, `SchemaMismatch` and `StorageFailed`. Core recognises them by
 * `code` (`hasErrorCode`), so it never needs this class.
 */
export type { StorageErrorCode };

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
  /**
   * SQLSTATE (PostgreSQL), extended result code (SQLite), socket error code, or for pg's errors that
   * have none `CONNECT_TIMEOUT`, `POOL_TIMEOUT`, `QUERY_TIMEOUT`, `CONNECTION_LOST`, `POOL_ENDED`, and
   * `FAIL_FAST` while the adapter fails fast; never a value.
   */
  driverCode?: string | undefined;
  /** Name of the violated constraint or `table.column`, when the driver reports one. */
  constraint?: string | undefined;
  /** Only for `SchemaMismatch`: what is wrong and how to fix it. */
  message?: string | undefined;
}

/**
 * The one error the SQL adapter throws for a database failure. The message is fixed per code (plus
 * the adapter operation), so no SQL text, row value, email or token hash ever reaches a log or a
 * response; `driverCode` and `constraint` keep enough of the driver's reason to debug with.
 *
 * @example
 * try { await adapter.createUser(user) } catch (e) { if (isStorageError(e, "EmailTaken")) … }
 */
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
