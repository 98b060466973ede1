import type { PasswordFailure } from "@gatehouse/react";

/** What to tell the person when changing or setting the password failed. */
export function passwordMessage(failure: PasswordFailure): string {
  switch (failure.error) {
    case "CurrentPasswordIncorrect":
      return "Your current password is not right.";
    case "SessionRequired":
      return "Your session has ended. Sign in again to change your password.";
    case "NetworkError":
      return "Could not reach the server. Check your connection and try again.";
    case "RateLimited":
      return `Too many attempts. Try again in ${failure.retryAfter ?? 60} seconds.`;
    default:
      // The server's own words for the rest: too short, too long, breached, …
      return failure.message ?? "Your password could not be saved. Try again.";
  }
}
