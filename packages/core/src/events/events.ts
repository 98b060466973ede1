import type { AdapterSession, AdapterUser, StoredAuditEntry } from "../adapter/adapter.ts";
import type { Account, JWT, Session } from "../config/options.ts";
import type { User } from "../providers/types.ts";

/**
 * An audit entry as the `audit` event hands it on: the stored entry, or — when storage keeps no
 * audit log (`audit: false`, an adapter without `appendAudit`, a failed write) — the same fields
 * with `id: null`.
 */
export type AuditEntry = Omit<StoredAuditEntry, "id"> & { id: string | null };

/** What each event handler receives: Auth.js's messages, plus Gatehouse's `audit`. */
export interface EventMessages {
  /** A session was issued (after the second factor, when there is one). */
  signIn: {
    /** The stored user (with an adapter), else the provider's user. */
    user: User;
    account: Account;
    /** The provider's profile (OAuth / OIDC); absent for other sign-ins. */
    profile?: Record<string, unknown>;
    isNewUser: boolean;
  };
  /**
   * A browser signed out. Database strategy: the stored session that ended (`sessionToken` is the
   * stored hash, never the cookie's token). Jwt strategy: the token's claims.
   */
  signOut: { session: AdapterSession } | { token: JWT };
  /** A user was stored: a first provider or email-link sign-in, or a sign-up. */
  createUser: { user: AdapterUser };
  /** A user's address was verified (the only update Auth.js reports, too). */
  updateUser: { user: AdapterUser };
  /** A provider account was linked to a user (a new user's first account included). */
  linkAccount: {
    user: AdapterUser;
    account: Account;
    /** The user as the provider describes them (Auth.js passes the provider's user here). */
    profile: User;
  };
  /**
   * A session was read. Jwt strategy: its token; database strategy: `{ sub: <user id> }` (as the
   * `session` callback gets).
   */
  session: { session: Session; token: JWT };
  /** An audit entry was written: forward it to a SIEM, a log pipeline, a webhook. */
  audit: AuditEntry;
}

export type EventName = keyof EventMessages;

/** Every event's name, for the check at start-up. */
export const EVENT_NAMES = [
  "signIn",
  "signOut",
  "createUser",
  "updateUser",
  "linkAccount",
  "session",
  "audit",
] as const satisfies readonly EventName[];

/**
 * Handlers for what happens (Auth.js's `events`, same names and messages, plus `audit`). Each is
 * awaited, for at most `EVENT_HANDLER_TIMEOUT_MS`; one that throws, rejects or takes longer is
 * logged (`EventHandlerFailed`) and never fails the request. Start slow work without awaiting it.
 *
 * @example events: { signIn: async ({ user, isNewUser }) => metrics.count("sign-in", { isNewUser }) }
 */
export type Events = {
  [Name in EventName]?: (message: EventMessages[Name]) => void | Promise<void>;
};
