import { AuthError } from "../../errors/auth-error.ts";
import type { ErrorCode } from "../../errors/catalogue.ts";
import { safeCause } from "./safe-cause.ts";

/** An AuthError passes through; anything else (network, timeout, validation) becomes `code`. */
export function toAuthError(code: ErrorCode, error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  return new AuthError(code, { cause: safeCause(error) });
}
