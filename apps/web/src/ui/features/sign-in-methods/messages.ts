import type { PasswordFailure } from "@gatehouse/react";
import type { PasskeyFailure } from "@gatehouse/react/passkeys";
import type { TwoFactorFailure } from "@gatehouse/react/two-factor";
import type { TFunction } from "i18next";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { failureMessage } from "../../api/error-message.ts";
import { MAX_PASSKEY_NAME } from "./passkeys/PasskeyNameField.tsx";

/** The two namespaces these messages draw on: the console's own words, and the error codes'. */
export interface FailureWords {
  t: TFunction<"account">;
  common: TFunction<"common">;
}

type ClientFailure = PasskeyFailure | TwoFactorFailure | PasswordFailure;

/** The shared words for a failure: the code's sentence, the wait of a rate limit, else the server's. */
function shared(failure: ClientFailure, common: TFunction<"common">): string {
  return failureMessage(
    { code: failure.error, message: failure.message, retryAfter: failure.retryAfter ?? 60 },
    common,
  );
}

/** What to tell the person when a passkey function failed. */
export function passkeyMessage(failure: PasskeyFailure, { t, common }: FailureWords): string {
  switch (failure.error) {
    case "SessionRequired":
      return t("signInMethods.sessionEnded");
    case "InvalidBody":
      return t("passkeys.nameInvalid", { max: MAX_PASSKEY_NAME });
    case "UnknownAction":
      return t("passkeys.unavailable");
    default:
      return shared(failure, common);
  }
}

/** What to tell the person when a two-factor function failed. */
export function twoFactorMessage(failure: TwoFactorFailure, { t, common }: FailureWords): string {
  switch (failure.error) {
    case "SessionRequired":
      return t("signInMethods.sessionEnded");
    case "TwoFactorCodeInvalid":
      return t("twoFactor.codeInvalid");
    case "UnknownAction":
      return t("twoFactor.unavailable");
    default:
      return shared(failure, common);
  }
}

/** What to tell the person when changing or setting the password failed. */
export function passwordMessage(failure: PasswordFailure, { t, common }: FailureWords): string {
  switch (failure.error) {
    case "CurrentPasswordIncorrect":
      return t("password.currentIncorrect");
    case "SessionRequired":
      return t("password.sessionEnded");
    case "Default":
      return failure.message || t("password.notSaved");
    default:
      // Too short, too long, breached, …: the catalogue's words, else the server's own.
      return shared(failure, common);
  }
}

/**
 * The two namespaces as `FailureWords`, in the page's language.
 * @example const words = useFailureWords(); setError(passkeyMessage(result, words))
 */
export function useFailureWords(): FailureWords {
  const { t } = useTranslation("account");
  const { t: common } = useTranslation("common");
  return { t, common };
}

/**
 * `passkeyMessage` bound to the page's language.
 * @example const say = usePasskeyMessage(); if (!result.ok) setError(say(result))
 */
export function usePasskeyMessage(): (failure: PasskeyFailure) => string {
  const { t, common } = useFailureWords();
  return useCallback((failure: PasskeyFailure) => passkeyMessage(failure, { t, common }), [t, common]);
}
