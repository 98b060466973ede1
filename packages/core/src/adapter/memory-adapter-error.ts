import type { StorageErrorCode } from "../errors/catalogue.ts";

/**
 * Why a memory adapter call failed: the catalogue's storage codes, as the SQL adapter's
 * `StorageError` reports them (core turns an `EmailTaken` from `createUserAndAccount` into
 * `OAuthAccountNotLinked`, whatever the storage).
 */
export type MemoryAdapterErrorCode = Extract<StorageErrorCode, "EmailTaken" | "Conflict" | "NotFound">;

const messages: Record<MemoryAdapterErrorCode, string> = {
  EmailTaken: "another user already has this email address",
  Conflict: "the record conflicts with an existing one (duplicate key or missing referenced row)",
  NotFound: "the record to update does not exist",
};

/** The one error the memory adapter throws; like the SQL adapter's, its message never quotes a value. */
export class MemoryAdapterError extends Error {
  readonly code: MemoryAdapterErrorCode;
  readonly operation: string;

  constructor(code: MemoryAdapterErrorCode, operation: string) {
    super(`Gatehouse memory storage (${operation}): ${messages[code]}`);
    this.name = "MemoryAdapterError";
    this.code = code;
    this.operation = operation;
  }
}
