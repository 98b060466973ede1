/**
 * Why a console request failed: the server's error code (its catalogue, docs/errors.md), or
 * `NetworkError` (no answer arrived) or `Default` (an answer this UI does not understand).
 * `message` is the server's sentence for people when it sent one, else a plain fallback.
 *
 * Query and mutation functions throw it (that is how TanStack Query learns of a failure); the
 * components read `code` to decide, and show `errorMessage(error, t)` (error-message.ts): the
 * code's words in the page's language, else `serverMessage`. `message` is for logs and developers.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly code: string;
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** Seconds to wait before trying again (`RateLimited`). */
  readonly retryAfter: number | null;
  /** The server's own sentence (`{ message }` of its JSON error), null when it sent none. */
  readonly serverMessage: string | null;

  /** `message` is the server's sentence; `detail`, what this UI found wrong, for developers only. */
  constructor(
    code: string,
    options: { status: number; message?: string; detail?: string; retryAfter?: number | null },
  ) {
    super(options.message || options.detail || fallbackMessage(code));
    this.code = code;
    this.status = options.status;
    this.retryAfter = options.retryAfter ?? null;
    this.serverMessage = options.message || null;
  }
}

/** Whether `error` is an `ApiError` with one of `codes`. */
export function isApiError(error: unknown, ...codes: string[]): error is ApiError {
  return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
}

/** `message` when the server sent no sentence of its own (English: logs; the UI translates `code`). */
function fallbackMessage(code: string): string {
  switch (code) {
    case "NetworkError":
      return "Could not reach the server. Check your connection and try again.";
    case "SessionRequired":
      return "Your session has ended. Sign in again to manage your account.";
    case "MissingCSRF":
      return "Your browser did not send the security cookie. Allow cookies for this site, reload the page and try again.";
    case "RateLimited":
      return "Too many attempts. Wait a moment, then try again.";
    case "ReauthenticationCancelled":
      return "Nothing was changed.";
    default:
      return "Something went wrong. Try again in a moment.";
  }
}
