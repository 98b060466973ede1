import { type ErrorCode, errorCatalogue } from "./catalogue.ts";

/**
 * The one error class. `code` comes from the closed catalogue; `cause` keeps the internal reason for
 * logs only — it is never rendered or sent to a client.
 *
 * @example throw new AuthError("OAuthCallback", { cause: "state mismatch" })
 */
export class AuthError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, options?: { cause?: unknown }) {
    super(errorCatalogue[code].message, options);
    this.name = "AuthError";
    this.code = code;
  }

  get status(): number {
    return errorCatalogue[this.code].status;
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
