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
