import type { ErrorCode } from "./catalogue.ts";

/**
 * The one shape of an expected failure returned as a value (an unknown token, a provider that said
 * no): the catalogue code, and for the log only what caused it. A function that can fail this way
 * returns its value on success and a `Failure` otherwise; the success value never has an `error`
 * member, so the two are told apart by `isFailure` (or `"error" in result`).
 *
 * @example
 * const result = await auth.getAccessToken(userId, "github");
 * if (isFailure(result)) return Response.json({ error: result.error }, { status: 401 });
 */
export interface Failure<C extends ErrorCode = ErrorCode> {
  readonly error: C;
  /** Why, for the log only: never rendered or sent to a client. */
  readonly cause?: unknown;
}

/** True when a result is a `Failure` rather than the success value; narrows a union to its failures. */
export function isFailure(result: unknown): result is Failure {
  return (
    typeof result === "object" && result !== null && "error" in result && typeof result.error === "string"
  );
}
