import type { TFunction } from "i18next";
import type { ActivityEntry } from "../../api/activity.ts";

/** Names a sign-in method (a provider id): "Password", "Development provider", … */
export type NameOf = (method: string) => string;

const str = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const num = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;

/** Refusals (catalogue codes) the messages explain in words that fit "… failed: <reason>". */
const REASONS = [
  "CredentialsSignin",
  "TwoFactorCodeInvalid",
  "RateLimited",
  "EmailNotVerified",
  "AccountDisabled",
  "AccessDenied",
  "PasskeyInvalid",
] as const;

const isReason = (code: string | null): code is (typeof REASONS)[number] =>
  code !== null && (REASONS as readonly string[]).includes(code);

/**
 * Kinds an administrator's action can write on the person's account: said as such when the person
 * did not do it themselves (`byYou` false), instead of "Not done by you" under a sentence about them.
 */
export const ADMIN_ACTIONS = new Set(["session-revoked", "two-factor-disabled"]);

/** Kinds only an administrator causes: their sentence names them. */
export const ADMIN_KINDS = new Set([
  "user-disabled",
  "user-enabled",
  "role-changed",
  "password-reset-link-sent",
]);

interface Words {
  nameOf: NameOf;
  t: TFunction<"account">;
}

/** "with your password", "with Development provider and a backup code"; null without a method. */
function how(method: string | null, factor: string | null, { nameOf, t }: Words): string | null {
  if (!method) return null;
  const via =
    method === "password" || method === "passkey" || method === "email"
      ? t(`events.via.${method}`)
      : t("events.via.provider", { name: nameOf(method) });
  if (factor === "totp" || factor === "backup") return t(`events.plus.${factor}`, { how: via });
  return via;
}

/** `session-revoked`: which sessions, and by whom. */
function revoked(detail: Record<string, unknown>, byYou: boolean, t: TFunction<"account">): string {
  const count = num(detail.count);
  if (!byYou) {
    return detail.everywhere === true || detail.others === true
      ? t("events.sessionsRevokedByAdmin")
      : t("events.sessionRevokedByAdmin");
  }
  if (detail.everywhere === true) {
    return count === null ? t("events.signedOutEverywhere") : t("events.signedOutEverywhereCount", { count });
  }
  if (detail.others === true) {
    if (count === null) return t("events.signedOutOthers");
    if (count === 0) return t("events.signedOutOthersNone");
    return t("events.signedOutOthersCount", { count });
  }
  return detail.current === true ? t("events.signedOutThis") : t("events.signedOutAnother");
}

/**
 * One entry of the security activity as a sentence a person can check against their memory, in the
 * language of `t` (the `account` messages' `events`).
 * @example describeActivity({ kind: "sign-in", detail: { method: "password" } }, { nameOf, t }) // "You signed in with your password."
 */
export function describeActivity(
  entry: Pick<ActivityEntry, "kind" | "detail"> & { byYou?: boolean },
  words: Words,
): string {
  const { detail } = entry;
  const { nameOf, t } = words;
  const byYou = entry.byYou !== false;
  const method = str(detail.method);
  const provider = str(detail.provider);
  switch (entry.kind) {
    case "sign-in": {
      const phrase = how(method, str(detail.secondFactor), words);
      return phrase ? t("events.signInHow", { how: phrase }) : t("events.signIn");
    }
    case "sign-in-failed": {
      const reason = str(detail.reason);
      const why = isReason(reason) ? t(`events.reasons.${reason}`) : t("events.reasons.other");
      const phrase = how(method, null, words);
      return phrase ? t("events.signInFailedHow", { how: phrase, why }) : t("events.signInFailed", { why });
    }
    case "sign-out":
      return detail.device === true ? t("events.deviceSignedOut") : t("events.signOut");
    case "sign-up": {
      const phrase = how(method, null, words);
      return phrase ? t("events.signUpHow", { how: phrase }) : t("events.signUp");
    }
    case "email-verified":
      return t("events.emailVerified");
    case "email-change-requested":
      return t("events.emailChangeRequested");
    case "email-changed": {
      const to = str(detail.to) ?? str(detail.email);
      return to ? t("events.emailChangedTo", { email: to }) : t("events.emailChanged");
    }
    case "email-change-cancelled":
      return t("events.emailChangeCancelled");
    case "unverified-account-claimed":
      return t("events.unverifiedAccountClaimed");
    case "password-changed":
      return t("events.passwordChanged");
    case "password-reset":
      return t("events.passwordReset");
    case "password-set":
      return t("events.passwordSet");
    case "password-reset-link-sent":
      return t("events.passwordResetLinkSent");
    case "two-factor-enabled":
      return t("events.twoFactorEnabled");
    case "two-factor-disabled":
      if (!byYou) return t("events.twoFactorDisabledByAdmin");
      return detail.proof === "password"
        ? t("events.twoFactorDisabledWithPassword")
        : t("events.twoFactorDisabled");
    case "backup-codes-renewed":
      return t("events.backupCodesRenewed");
    case "passkey-added": {
      const name = str(detail.name);
      return name ? t("events.passkeyAddedNamed", { name }) : t("events.passkeyAdded");
    }
    case "passkey-removed":
      return t("events.passkeyRemoved");
    case "session-revoked":
      return revoked(detail, byYou, t);
    case "account-linked":
      if (!provider) return t("events.accountLinked");
      return detail.by === "email"
        ? t("events.accountLinkedByEmail", { name: nameOf(provider) })
        : t("events.accountLinkedNamed", { name: nameOf(provider) });
    case "account-unlinked":
      return provider
        ? t("events.accountUnlinkedNamed", { name: nameOf(provider) })
        : t("events.accountUnlinked");
    case "account-deleted":
      return t("events.accountDeleted");
    case "user-disabled":
      return t("events.userDisabled");
    case "user-enabled":
      return t("events.userEnabled");
    case "role-changed": {
      const role = str(detail.role) ?? str(detail.to);
      return role ? t("events.roleChangedTo", { role }) : t("events.roleChanged");
    }
    default:
      // A kind added on the server after this UI was built: still shown, in its own words.
      return t("events.unknown", { kind: entry.kind.replace(/-/g, " ") });
  }
}
