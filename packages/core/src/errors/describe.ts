import { AuthError } from "./auth-error.ts";

/**
 * A loggable summary of an error: its code and cause message, never a token or request body.
 *
 * @example logger.error("OAuthSignin", describe(error)) // "OAuthSignin: discovery timed out"
 */
export function describe(error: unknown): string {
  if (error instanceof AuthError) {
    const cause = describeCause(error.cause);
    return `${error.code}${cause ? `: ${cause}` : ""}`;
  }
  return error instanceof Error ? `${error.name}: ${messageOf(error)}` : "unknown error";
}

/** A cause as text: an Error's message, or a `safeCause` object's name, code and message (not "[object Object]"). */
function describeCause(cause: unknown): string {
  if (cause instanceof Error) return messageOf(cause);
  if (typeof cause === "object" && cause !== null && "message" in cause) {
    const { name, code, message } = cause as { name?: unknown; code?: unknown; message?: unknown };
    const label = [name, code].filter((part) => typeof part === "string").join(" ");
    return label ? `${label}: ${String(message)}` : String(message);
  }
  return String(cause ?? "");
}

/**
 * An Error's message, with a storage adapter's `driverCode` when it has one: the value-free reason
 * the database failed (`ECONNREFUSED`, `57P01`, `QUERY_TIMEOUT`…), which the fixed message leaves out.
 */
function messageOf(error: Error): string {
  const driverCode = (error as { driverCode?: unknown }).driverCode;
  return typeof driverCode === "string" ? `${error.message} [driver code ${driverCode}]` : error.message;
}
