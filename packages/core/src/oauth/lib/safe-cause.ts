/**
 * Reduces an error to its name, code and message for `AuthError.cause`. oauth4webapi and jose attach the
 * response body, parameters or claims as their own `cause`/properties — those can hold tokens, codes or
 * secrets, so they are dropped here and never reach a log.
 */
export interface SafeCause {
  name: string;
  code?: string;
  message: string;
}

export function safeCause(error: unknown): SafeCause | string {
  if (typeof error === "string") return error;
  if (!(error instanceof Error)) return "unknown failure";
  const code: unknown = (error as { code?: unknown }).code;
  const safe: SafeCause = { name: error.name, message: error.message };
  if (typeof code === "string") safe.code = code;
  // An OAuth error response from the provider: its `error` code is useful and holds no secret.
  const oauthError: unknown = (error as { error?: unknown }).error;
  if (typeof oauthError === "string") safe.message = `${error.message} (${oauthError})`;
  return safe;
}
