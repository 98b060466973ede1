import type { ActivityEntry } from "../../api/activity.ts";

/** Names a sign-in method (a provider id): "Password", "Development provider", … */
export type NameOf = (method: string) => string;

const str = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const num = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Why a sign-in was refused (a catalogue code), in words that fit "… failed: <reason>". */
const REASONS: Record<string, string> = {
  CredentialsSignin: "the email address or password was wrong",
  TwoFactorCodeInvalid: "the two-factor code was wrong",
  RateLimited: "too many attempts, so sign-in was paused for a while",
  EmailNotVerified: "the email address was not confirmed yet",
  AccountDisabled: "the account is disabled",
  AccessDenied: "the site refused it",
  PasskeyInvalid: "the passkey could not be verified",
};

function how(method: string | null, nameOf: NameOf): string {
  if (!method) return "";
  const name = nameOf(method);
  if (method === "password") return " with your password";
  if (method === "passkey") return " with a passkey";
  if (method === "email") return " with a link sent by email";
  return ` with ${name}`;
}

function secondStep(factor: string | null): string {
  if (factor === "totp") return " and a code from your authenticator app";
  if (factor === "backup") return " and a backup code";
  return "";
}

/**
 * One entry of the security activity as a sentence a person can check against their memory.
 * @example describeActivity({ kind: "sign-in", detail: { method: "password" }, … }, nameOf) // "You signed in with your password."
 */
export function describeActivity(entry: Pick<ActivityEntry, "kind" | "detail">, nameOf: NameOf): string {
  const { detail } = entry;
  const method = str(detail.method);
  const provider = str(detail.provider);
  const count = num(detail.count);
  switch (entry.kind) {
    case "sign-in":
      return `You signed in${how(method, nameOf)}${secondStep(str(detail.secondFactor))}.`;
    case "sign-in-failed": {
      const reason = str(detail.reason);
      const why = (reason && REASONS[reason]) ?? "it was refused";
      return `A sign-in${how(method, nameOf)} failed: ${why}.`;
    }
    case "sign-out":
      return detail.device === true ? "A device you had signed in signed out." : "You signed out.";
    case "sign-up":
      return `You created your account${how(method, nameOf)}.`;
    case "email-verified":
      return "You confirmed your email address.";
    case "email-change-requested":
      return "You asked to change your email address: a confirmation link went to the new one.";
    case "email-changed": {
      const to = str(detail.to) ?? str(detail.email);
      return to ? `You changed your email address to ${to}.` : "You changed your email address.";
    }
    case "password-changed":
      return "You changed your password.";
    case "password-reset":
      return "Your password was reset with a link sent by email.";
    case "password-set":
      return "You set a password.";
    case "two-factor-enabled":
      return "You turned on two-factor authentication.";
    case "two-factor-disabled":
      return detail.proof === "password"
        ? "You turned off two-factor authentication with your password."
        : "You turned off two-factor authentication.";
    case "backup-codes-renewed":
      return "You made new backup codes; the old ones stopped working.";
    case "passkey-added": {
      const name = str(detail.name);
      return name ? `You added a passkey, “${name}”.` : "You added a passkey.";
    }
    case "passkey-removed":
      return "You deleted a passkey.";
    case "session-revoked":
      if (detail.everywhere === true) {
        return count === null
          ? "You signed out everywhere."
          : `You signed out everywhere (${plural(count, "session", "sessions")}).`;
      }
      if (detail.others === true) {
        if (count === null) return "You signed out of all your other sessions.";
        if (count === 0) return "You signed out of your other sessions; there were none.";
        return `You signed out of ${plural(count, "other session", "other sessions")}.`;
      }
      return detail.current === true
        ? "You signed out this session from the list."
        : "You signed out another session.";
    case "account-linked":
      if (!provider) return "You linked an account at another site.";
      return detail.by === "email"
        ? `Your ${nameOf(provider)} account was linked, as it has the same email address.`
        : `You linked your ${nameOf(provider)} account.`;
    case "account-unlinked":
      return provider
        ? `You unlinked your ${nameOf(provider)} account.`
        : "You unlinked an account at another site.";
    case "account-deleted":
      return "Your account was deleted.";
    case "user-disabled":
      return "An administrator disabled your account.";
    case "user-enabled":
      return "An administrator enabled your account again.";
    default:
      // A kind added on the server after this UI was built: still shown, in its own words.
      return `Account event: ${entry.kind.replace(/-/g, " ")}.`;
  }
}
