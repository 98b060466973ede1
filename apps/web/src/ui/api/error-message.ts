import type { TFunction } from "i18next";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import en from "../i18n/common/en.ts";
import { isApiError } from "./api-error.ts";

/** A code the `common` messages have words for (`errors.<code>`), counted variants aside. */
type KnownCode = Exclude<keyof typeof en.errors, `${string}_${string}`>;

const isKnownCode = (code: string): code is KnownCode =>
  Object.hasOwn(en.errors, code) && !code.includes("_");

/** A failure as the server or @gatehouse/react reports it: its code, its sentence, its wait. */
export interface Failure {
  code: string;
  /** The server's sentence, shown when this UI has no words for `code`. */
  message?: string | null | undefined;
  retryAfter?: number | null | undefined;
}

/**
 * A failure in words for the person, in the page's language: the catalogue's sentence for its code
 * (with the wait, for `RateLimited`), else the server's own sentence (a code added on the server after
 * this UI was built, which @gatehouse/react reports as `Default`), else "Something went wrong".
 * @example failureMessage({ code: result.error, message: result.message }, t)
 */
export function failureMessage(failure: Failure, t: TFunction<"common">): string {
  if (failure.code === "RateLimited" && failure.retryAfter) {
    return t("errors.RateLimitedFor", { count: failure.retryAfter });
  }
  if (failure.code !== "Default" && isKnownCode(failure.code)) return t(`errors.${failure.code}`);
  return failure.message || t("errors.Default");
}

/**
 * What a thrown error says to the person: an `ApiError` by its code, anything else as "Something went
 * wrong" (a bug's own message is for developers, and in English).
 * @example errorMessage(mutation.error, t)
 */
export function errorMessage(error: unknown, t: TFunction<"common">): string {
  if (!isApiError(error)) return t("errors.Default");
  return failureMessage({ code: error.code, message: error.serverMessage, retryAfter: error.retryAfter }, t);
}

/**
 * `errorMessage` in the page's language, for components.
 * @example const say = useErrorMessage(); <Notice tone="error">{say(query.error)}</Notice>
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation("common");
  return useCallback((error: unknown) => errorMessage(error, t), [t]);
}
