import { type ErrorCode, errorCatalogue, toErrorCode } from "../errors/catalogue.ts";
import type { MessageKey } from "../i18n/messages/en.ts";
import { errorMessage, isTranslatedErrorCode } from "../i18n/translated-errors.ts";
import type { Translator } from "../i18n/translator.ts";

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
 * What a form page shows for `?error=`, in the request's language: the code's message for sign-in
 * codes and for `RateLimited` (a form that was refused should say so rather than "unable"), the
 * `fallback` message for anything else, so an unknown or internal code is never echoed. Null when
 * there is no error.
 */
export function inlineError(i18n: Translator, error: unknown, fallback: MessageKey): InlineError | null {
  if (error === null || error === undefined || error === "") return null;
  const code = toErrorCode(error);
  if (
    !code ||
    (errorCatalogue[code].surface !== "signin" && code !== "RateLimited") ||
    !isTranslatedErrorCode(code)
  ) {
    return { message: i18n.t(fallback), field: null };
  }
  return { message: errorMessage(i18n, code), field: FIELD_OF[code] ?? null };
}
