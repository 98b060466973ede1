import type { PasskeyFailure } from "@gatehouse/react/passkeys";
import type { TwoFactorFailure } from "@gatehouse/react/two-factor";

/** Plain words for what every request can run into; null when the failure is one of its feature's own. */
function commonMessage(failure: PasskeyFailure | TwoFactorFailure): string | null {
  switch (failure.error) {
    case "SessionRequired":
      return "Your session has ended. Sign in again to change your security settings.";
    case "RateLimited":
      return `Too many attempts. Try again in ${failure.retryAfter ?? 60} seconds.`;
    case "NetworkError":
      return "Could not reach the server. Check your connection and try again.";
    case "MissingCSRF":
      return "Your browser did not send the security cookie. Allow cookies for this site, reload the page and try again.";
    default:
      return null;
  }
}

/** What to tell the person when a passkey function failed. */
export function passkeyMessage(failure: PasskeyFailure): string {
  switch (failure.error) {
    case "PasskeyCancelled":
      return "The passkey request was cancelled, so nothing changed.";
    case "PasskeyAlreadyRegistered":
      return "This device or password manager already keeps a passkey for your account.";
    case "PasskeyUnsupported":
      return "This browser cannot use passkeys.";
    case "PasskeyCeremonyFailed":
      return "Your browser could not complete the passkey request. Please try again.";
    case "InvalidBody":
      return "Give the passkey a name of at most 64 characters.";
    case "UnknownAction":
      return "Passkeys are not available on this site.";
    default:
      return commonMessage(failure) ?? failure.message ?? "Something went wrong. Please try again.";
  }
}

/** What to tell the person when a two-factor function failed. */
export function twoFactorMessage(failure: TwoFactorFailure): string {
  switch (failure.error) {
    case "TwoFactorCodeInvalid":
      return "That code is not right, or it was used already. Enter the current code from your app, or an unused backup code.";
    case "UnknownAction":
      return "Two-factor authentication is not available on this site.";
    default:
      return commonMessage(failure) ?? failure.message ?? "Something went wrong. Please try again.";
  }
}
