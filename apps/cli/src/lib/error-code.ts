/**
 * An error's `code` (`ENOENT`, `ECONNREFUSED`, …) or else its class name: what the CLI prints about
 * an unexpected error. Never the message, which for a driver or URL error could quote a password.
 */
export function errorCode(error: unknown): string {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") {
    return error.code;
  }
  return error instanceof Error ? error.name : "unknown error";
}
