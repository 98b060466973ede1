import { type ErrorCode, errorCatalogue, toErrorCode } from "../errors/catalogue.ts";

/** The form field an inline error is about, when it is about one. */
export type ErrorField = "email" | "password";

export interface InlineError {
  message: string;
  field: ErrorField | null;
}

const FIELD_OF: Partial<Record<ErrorCode, ErrorField>> = {
  EmailInvalid: "email",
  PasswordTooShort: "password",
  PasswordTooLong: "password",
  PasswordBreached: "password",
};

/**
 * What a form page shows for `?error=`: the catalogue's message for sign-in codes and for
 * `RateLimited` (a form that was refused should say so rather than "unable"), `fallback` for
 * anything else, so an unknown or internal code is never echoed. Null when there is no error.
 */
export function inlineError(error: unknown, fallback: string): InlineError | null {
  if (error === null || error === undefined || error === "") return null;
  const code = toErrorCode(error);
  if (!code || (errorCatalogue[code].surface !== "signin" && code !== "RateLimited")) {
    return { message: fallback, field: null };
  }
  return { message: errorCatalogue[code].message, field: FIELD_OF[code] ?? null };
}
