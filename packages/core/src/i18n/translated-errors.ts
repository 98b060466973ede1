import { type ErrorCode, errorCatalogue } from "../errors/catalogue.ts";

/**
 * The request-surface codes a page shows all the same: the error page of a refused form
 * (`RateLimited`), the two-factor pages' wrong code, and the passkey sign-up page's failure.
 */
const SHOWN_REQUEST_CODES = [
  "RateLimited",
  "TwoFactorCodeInvalid",
  "BackupCodeUsed",
  "PasskeyRegistrationFailed",
] as const;

type Catalogue = typeof errorCatalogue;

/**
 * The codes a person reads on a page, whose `title` and `message` every language translates: every
 * code of the sign-in page and of the error page, and the few request codes pages show. A code added
 * to the catalogue with one of those surfaces is a key every language must then give.
 */
export type TranslatedErrorCode =
  | { [C in ErrorCode]: Catalogue[C]["surface"] extends "signin" | "error" ? C : never }[ErrorCode]
  | (typeof SHOWN_REQUEST_CODES)[number];

/** The message keys of a code's page heading and text. */
export type ErrorMessageKey = `error.${TranslatedErrorCode}.${"title" | "message"}`;

/** Every translated code, in catalogue order. */
export const TRANSLATED_ERROR_CODES: readonly TranslatedErrorCode[] = (
  Object.keys(errorCatalogue) as ErrorCode[]
).filter(
  (code): code is TranslatedErrorCode =>
    errorCatalogue[code].surface !== "request" || (SHOWN_REQUEST_CODES as readonly string[]).includes(code),
);

/** Whether a page has a translation of the code's title and message. */
export function isTranslatedErrorCode(code: ErrorCode): code is TranslatedErrorCode {
  return (TRANSLATED_ERROR_CODES as readonly ErrorCode[]).includes(code);
}

/**
 * English, straight from the catalogue: the catalogue stays the one source of the English title and
 * message (docs/errors.md documents them), and the English messages take them from here.
 */
export function englishErrorMessages(): Record<ErrorMessageKey, string> {
  const entries = TRANSLATED_ERROR_CODES.flatMap((code) => [
    [`error.${code}.title`, errorCatalogue[code].title],
    [`error.${code}.message`, errorCatalogue[code].message],
  ]);
  return Object.fromEntries(entries) as Record<ErrorMessageKey, string>;
}

/** A code's page heading in the translator's language. */
export function errorTitle(i18n: { t(key: ErrorMessageKey): string }, code: TranslatedErrorCode): string {
  return i18n.t(`error.${code}.title`);
}

/** A code's message to the person in the translator's language. */
export function errorMessage(i18n: { t(key: ErrorMessageKey): string }, code: TranslatedErrorCode): string {
  return i18n.t(`error.${code}.message`);
}
