import { type ErrorCode, errorCatalogue, isCoreErrorCode, type ModuleErrorCode } from "./catalogue.ts";

/**
 * The one error class. `code` comes from the closed catalogue; `cause` keeps the internal reason for
 * logs only — it is never rendered or sent to a client.
 *
 * @example throw new AuthError("OAuthCallback", { cause: "state mismatch" })
 */
export class AuthError extends Error {
  /** A code of core's catalogue, or of a module's (`ModuleErrorCodes`). */
  readonly code: ErrorCode | ModuleErrorCode;

  constructor(code: ErrorCode | ModuleErrorCode, options?: { cause?: unknown }) {
    // A module's code has its message in the instance's catalogue (the module's `errors`).
    super(isCoreErrorCode(code) ? errorCatalogue[code].message : code, options);
    this.name = "AuthError";
    this.code = code;
  }

  /** The status of a core code; a module's code answers with its entry's status (500 until known). */
  get status(): number {
    return isCoreErrorCode(this.code) ? errorCatalogue[this.code].status : 500;
  }
}

/** True for an AuthError of any code (or of the given one). */
export function isAuthError(value: unknown, code?: ErrorCode): value is AuthError {
  return value instanceof AuthError && (code === undefined || value.code === code);
}

/**
 * True for an error carrying this catalogue code as its `code`: an AuthError, a `ConfigError`, or an
 * error thrown outside core — a storage adapter's (`StorageError` of `@gatehouse/sql`, or any
 * adapter's error whose `code` is a storage code), which core cannot import, so the code is what it
 * checks.
 *
 * @example if (isAuthError(error, "StorageUnavailable") && hasErrorCode(error.cause, "EmailTaken")) …
 */
export function hasErrorCode<C extends ErrorCode>(value: unknown, code: C): value is { readonly code: C } {
  return typeof value === "object" && value !== null && (value as { code?: unknown }).code === code;
}
