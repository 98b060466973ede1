/**
 * The storage interface, with Auth.js's method names and shapes (docs/protocol.md §9), so an official
 * Auth.js adapter package plugs in unchanged. Gatehouse always hands adapters *hashed* session and
 * verification tokens: a database leak yields no usable session or sign-in link.
 */

import type { RateLimitStore } from "../limits/rate-limit-store.ts";

// What every audit store writes and checks alike, so the built-in adapters (memory, SQL) hand out
// and accept the same cursors and refuse the same details.
export { type AuditPosition, auditCursor, readAuditCursor } from "./audit-cursor.ts";
export { auditDetail } from "./audit-detail.ts";
// What every user list reads and writes alike: the same searches taken and refused, the same
// cursors, the same folded keys in the same order.
export { compareCodePoints, foldKey } from "./user-keys.ts";
export {
  readUserSearch,
  truncatedBound,
  type UserPosition,
  type UserSearchPlan,
  type UserSort,
  userCursor,
} from "./user-search-plan.ts";

export interface AdapterUser {
  id: string;
  name?: string | null;
  email: string;
  emailVerified: Date | null;
  image?: string | null;
  /**
   * Gatehouse's own: when the user was disabled (sign-in refused with `AccountDisabled`, every
   * session ended), or null / absent when enabled. Auth.js adapters never set it.
   */
  disabledAt?: Date | null;
  /**
   * Gatehouse's own: the user's role (`admin`, or another the app's `admin.roles` lists), or null /
   * absent for none. Written only by `setUserRole`. Auth.js adapters never set it.
   */
  role?: string | null;
  /** Gatehouse's own: when the user was created (users from before schema 7: when it migrated). */
  createdAt?: Date | null;
  /**
   * Gatehouse's own: the user's security generation, 0 for a new user. Every credential change,
   * recovery, sign-out everywhere, email change and disable moves it on (`bumpSecurityGeneration`),
   * and every outstanding link (password reset, email change, email verification) is bound to the
   * value it was issued at, so a change voids them all. Written only by `bumpSecurityGeneration` and
   * `claimUnverifiedUser`; absent from Auth.js adapters (read as 0).
   */
  securityGeneration?: number;
}

export interface AdapterAccount {
  userId: string;
  type: "oauth" | "oidc" | "email" | "credentials" | "webauthn";
  provider: string;
  providerAccountId: string;
  refresh_token?: string | null;
  access_token?: string | null;
  /** Epoch seconds. */
  expires_at?: number | null;
  token_type?: string | null;
  scope?: string | null;
  id_token?: string | null;
  session_state?: string | null;
}

export interface AdapterSession {
  /** Gatehouse stores the SHA-256 of the cookie's token here, never the token itself. */
  sessionToken: string;
  userId: string;
  expires: Date;
}

export interface VerificationToken {
  identifier: string;
  /** Hashed. */
  token: string;
  expires: Date;
}

type Awaitable<T> = T | PromiseLike<T>;

/**
 * Auth.js adapters declare some methods as returning `void`; keeping `void` in these unions is what
 * lets an official adapter package satisfy this interface unchanged.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: compatibility with Auth.js adapter signatures
type Done<T> = void | T | null | undefined;

/** What Gatehouse calls on storage. Every method may be sync or async. */
export interface Adapter {
  createUser?(user: Omit<AdapterUser, "id"> & { id?: string }): Awaitable<AdapterUser>;
  getUser?(id: string): Awaitable<AdapterUser | null>;
  getUserByEmail?(email: string): Awaitable<AdapterUser | null>;
  getUserByAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Awaitable<AdapterUser | null>;
  updateUser?(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Awaitable<AdapterUser>;
  deleteUser?(userId: string): Awaitable<Done<AdapterUser>>;
  linkAccount?(account: AdapterAccount): Awaitable<Done<AdapterAccount>>;
  unlinkAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Awaitable<Done<AdapterAccount>>;
  createSession?(session: AdapterSession): Awaitable<AdapterSession>;
  getSessionAndUser?(sessionToken: string): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>;
  updateSession?(
    session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">,
  ): Awaitable<AdapterSession | null | undefined>;
  deleteSession?(sessionToken: string): Awaitable<Done<AdapterSession>>;
  createVerificationToken?(token: VerificationToken): Awaitable<VerificationToken | null | undefined>;
  useVerificationToken?(params: { identifier: string; token: string }): Awaitable<VerificationToken | null>;

  // --- Gatehouse extensions: optional; official Auth.js adapters simply lack them. ---
  /**
   * Creates the user and the account in one transaction. When a concurrent first sign-in of the same
   * account won, it returns that owner instead of failing. An email taken by another user rejects
   * with an error whose `code` is `"EmailTaken"`.
   */
  createUserAndAccount?(
    user: Omit<AdapterUser, "id">,
    account: Omit<AdapterAccount, "userId">,
  ): Promise<AdapterUser>;
  /** Deletes expired sessions and verification tokens; returns how many sessions went. */
  deleteExpiredSessions?(now: Date): Promise<number>;
  /** The account a user linked at a provider (the first, if several), or null. Needed by `getAccessToken`. */
  getAccountByUserId?(userId: string, provider: string): Promise<AdapterAccount | null>;
  /** Every provider account linked to the user, in no particular order (the account console's list). */
  listAccountsByUserId?(userId: string): Promise<AdapterAccount[]>;
  /**
   * Overwrites the given token fields of a linked account (an absent field is kept, `null` clears it);
   * resolves to false when the account does not exist. Gatehouse hands it sealed tokens only.
   */
  updateAccountTokens?(key: AccountKey, tokens: AccountTokens): Promise<boolean>;
  /**
   * Single-flight refresh across app instances: in one transaction, locks the account row, re-reads
   * it, calls `refresh` with the current row and writes what it returns (null: write nothing).
   * Resolves to the row as it now is, or null when the account does not exist. A concurrent call for
   * the same account waits for the lock and then sees the first call's tokens.
   */
  refreshAccountTokens?(
    key: AccountKey,
    refresh: (current: AdapterAccount) => Promise<AccountTokens | null>,
  ): Promise<AdapterAccount | null>;
  /** The stored dynamic client registration of a provider at an issuer, or null. */
  getClientRegistration?(key: ClientRegistrationKey): Promise<StoredClientRegistration | null>;
  /**
   * Stores a registration unless one exists for its (provider, issuer); resolves to the stored row —
   * this one, or the one a concurrent instance inserted first.
   */
  createClientRegistration?(registration: StoredClientRegistration): Promise<StoredClientRegistration>;
  /** The user whose account at `provider` recorded `sessionState` (the ID token's `sid`), or null. */
  getUserByAccountSessionState?(key: { provider: string; sessionState: string }): Promise<AdapterUser | null>;
  /** Deletes every session of a user (back-channel logout); resolves to how many went. */
  deleteSessionsByUserId?(userId: string): Promise<number>;

  // --- Password accounts (the `Password` provider). ---
  /**
   * Creates a user and their password hash in one transaction. Resolves to null, writing nothing,
   * when a user with this email exists — also when a concurrent sign-up for the same address won
   * (the unique email index decides; never two users for one address).
   */
  createUserWithPassword?(user: Omit<AdapterUser, "id">, passwordHash: string): Promise<AdapterUser | null>;
  /** The user's password hash (a PHC string or an imported hash), or null when the user has none. */
  getPasswordHash?(userId: string): Promise<string | null>;
  /** Sets (inserts or replaces) the user's password hash. Rejects with code `NotFound` for an unknown user. */
  setPasswordHash?(userId: string, passwordHash: string): Promise<void>;
  /**
   * Deletes the user's password hash; false when there was none. Core's undo of a password write
   * that a security change overtook (see `bumpSecurityGeneration`).
   */
  deletePasswordHash?(userId: string): Promise<boolean>;
  /**
   * Sessions of the user that began before this time are void (jwt sessions, which the server does
   * not store: a password change or reset ends them this way). Null when never set.
   */
  getSessionsValidAfter?(userId: string): Promise<Date | null>;
  /** Records that the user's sessions that began before `at` are void. */
  setSessionsValidAfter?(userId: string, at: Date): Promise<void>;
  /**
   * Disables the user at `at`, or enables them again with null. Resolves to the user as now stored,
   * or null when no user has the id. Ending the user's sessions is the caller's (`disableUser`).
   */
  setUserDisabled?(userId: string, at: Date | null): Promise<AdapterUser | null>;
  // --- The security generation (docs/account.md, "Outstanding links"): two methods. ---
  /**
   * Moves the user's `securityGeneration` on by one, in one statement, and resolves to the new
   * value. With `expected`, only while the stored value is `expected` (compare-and-set: of several
   * callers that read one generation, exactly one moves it). Null — nothing written — for an unknown
   * user, or a generation other than `expected`.
   */
  bumpSecurityGeneration?(userId: string, expected?: number): Promise<number | null>;
  /**
   * The owner of an unverified user's address has just proven it by another channel (an email
   * sign-in link, a password reset link, a provider that vouches for the address): in one
   * transaction, and only while the user's `emailVerified` is null, everything the unproven party
   * could have set goes — the password, passkeys, two-factor enrolment and backup codes, linked
   * accounts, every database session and session record, the name and the picture — then
   * `emailVerified` and the "sessions valid after" time become `verifiedAt`, the generation moves
   * on, and `link` (the provider account proving the address now) is linked. Resolves to the user
   * as now stored and what went; null, writing nothing, when the user is verified (another proof
   * won the race) or unknown. Rejects with code `Conflict`, writing nothing, when `link` is linked
   * to someone already. The user's id, role, disabled mark and creation time stay.
   */
  claimUnverifiedUser?(userId: string, claim: UnverifiedClaim): Promise<ClaimedUser | null>;

  // --- Passkeys (WebAuthn credentials): public keys only, never a secret. ---
  /** Stores a new passkey. Rejects with code `Conflict` when a passkey with this id exists (any user). */
  createPasskey?(passkey: StoredPasskey): Promise<StoredPasskey>;
  /**
   * Passkey-only sign-up: creates a user and their first passkey in one transaction. The user's id
   * is given (Gatehouse chose it, a random UUID: it is already in the passkey as its user handle) and
   * equals `passkey.userId`. Resolves to null, writing nothing, when a user with this email exists
   * (also when a concurrent sign-up won). Rejects with code `Conflict`, writing nothing, when a
   * passkey or a user with this id exists.
   */
  createUserWithPasskey?(
    user: AdapterUser,
    passkey: StoredPasskey,
  ): Promise<{ user: AdapterUser; passkey: StoredPasskey } | null>;
  /** The passkey with this credential id, or null. */
  getPasskey?(id: string): Promise<StoredPasskey | null>;
  /** The user's passkeys, oldest first. */
  listPasskeys?(userId: string): Promise<StoredPasskey[]>;
  /**
   * Records a use: sets the signature counter and `lastUsedAt`, in one statement, only when the new
   * counter is greater than the stored one, or both are 0 (authenticators that do not count).
   * False otherwise — a counter that did not grow means a cloned authenticator — and for an unknown id.
   */
  usePasskey?(id: string, counter: number, usedAt: Date): Promise<boolean>;
  /** Renames one of the user's passkeys; false when the user has no passkey with this id. */
  renamePasskey?(userId: string, id: string, name: string): Promise<boolean>;
  /** Deletes one of the user's passkeys; false when the user has no passkey with this id. */
  deletePasskey?(userId: string, id: string): Promise<boolean>;

  // --- Two-factor authentication (TOTP and backup codes). ---
  /** The user's TOTP enrolment, or null. */
  getTwoFactor?(userId: string): Promise<StoredTwoFactor | null>;
  /**
   * Starts (or restarts) enrolment: stores the sealed secret, not enabled, forgetting any earlier
   * secret, used step and backup codes. Rejects with code `NotFound` for an unknown user.
   */
  startTwoFactor?(userId: string, sealedSecret: string): Promise<void>;
  /** Turns an enrolment on (after its first code passed); false when there is none. */
  enableTwoFactor?(userId: string, at: Date): Promise<boolean>;
  /** Turns two-factor off: deletes the enrolment and the backup codes; false when there was none. */
  deleteTwoFactor?(userId: string): Promise<boolean>;
  /**
   * Records that a TOTP time step was used, in one statement: true only when `step` is greater than
   * the last used one (so a code is never accepted twice, also by two instances at once).
   */
  useTotpStep?(userId: string, step: number): Promise<boolean>;
  /** Replaces the user's backup codes with these hashes (all unused), in one transaction. */
  replaceBackupCodes?(userId: string, codeHashes: readonly string[]): Promise<void>;
  /** Uses a backup code once, in one statement: true when it existed and was unused. */
  useBackupCode?(userId: string, codeHash: string): Promise<boolean>;
  /** How many unused backup codes the user has. */
  countBackupCodes?(userId: string): Promise<number>;
  /**
   * Whether the user has this backup code and it was used: after a refused code, so the page can say
   * "already used" rather than "wrong" (a person who tries a crossed-off code again learns why).
   */
  backupCodeUsed?(userId: string, codeHash: string): Promise<boolean>;

  // --- Sessions as the account console lists them (both strategies), and the audit log. ---
  /**
   * Records a new session (at sign-in). A database session's record (`sessionTokenHash` set) brings
   * its session: the `sessions` row (`sessionToken: sessionTokenHash`, `userId`, `expires`) and the
   * record are written in one transaction, both or neither, so a process killed mid-sign-in never
   * leaves a session the account console cannot show (core calls this instead of `createSession`
   * when the adapter keeps records). Rejects with code `Conflict`, writing nothing, for a taken id,
   * an unknown user or a token hash already stored.
   */
  createSessionRecord?(record: StoredSessionRecord): Promise<void>;
  /** The user's unexpired session records at `now`, most recently active first. */
  listSessionRecords?(userId: string, now: Date): Promise<StoredSessionRecord[]>;
  /**
   * The ids of the user's unexpired session records at `now`: what a jwt session's `sid` is checked
   * against (a token whose record is gone was revoked). One indexed read.
   */
  listSessionRecordIds?(userId: string, now: Date): Promise<string[]>;
  /**
   * Marks a session active at `at` with a new expiry (its token was renewed); never moves either time
   * back (a late write from another instance cannot shorten it). False when the record is gone.
   */
  touchSessionRecord?(id: string, at: Date, expires: Date): Promise<boolean>;
  /**
   * Deletes one of the user's session records — and, for a database session, its `gh_sessions` row,
   * in one transaction. Resolves to the deleted record, or null when the user has none with the id.
   */
  deleteSessionRecord?(userId: string, id: string): Promise<StoredSessionRecord | null>;
  /**
   * Deletes every session record of the user but `keepId` (null: all), with the database sessions
   * they belong to — and the user's database sessions that have no record (stored before records
   * existed) — in one transaction. Resolves to how many records went.
   */
  deleteSessionRecords?(userId: string, keepId: string | null): Promise<number>;
  /** Appends an audit entry (the log is append-only: no method changes one). */
  appendAudit?(entry: Omit<StoredAuditEntry, "id">): Promise<StoredAuditEntry>;
  /**
   * Audit entries, newest first, a page at a time: `userId` matches the actor or the subject;
   * `cursor` is the `next` of the previous page (opaque). `limit` is 1–1000; an empty `kinds`
   * matches nothing. A bad `limit`, or a cursor this storage did not hand out, rejects with a
   * `TypeError`. A record is live while `expires > now`.
   */
  queryAudit?(query: AuditQuery): Promise<{ entries: StoredAuditEntry[]; next: string | null }>;
  /** Retention: deletes entries older than `before`; resolves to how many went. */
  deleteAuditBefore?(before: Date): Promise<number>;

  // --- Administration (the admin API and console). ---
  /**
   * One page of users for an administrator: matching `query`, in its order, after `cursor`. Keyset
   * pagination on indexes, so a page costs the same at any depth and table size. A bad `limit`,
   * sort, or a cursor this storage did not hand out (or one from another sort) rejects with a
   * `TypeError`.
   */
  searchUsers?(query: UserSearch): Promise<{ users: UserSummary[]; next: string | null }>;
  /** Sets (or with null, clears) the user's role; resolves to the user as now stored, null for an unknown id. */
  setUserRole?(userId: string, role: string | null): Promise<AdapterUser | null>;
  /**
   * Counts for the admin overview: users, disabled users, live sessions at `now`, audit entries of
   * `kinds` since `since` (inclusive). An invalid date, or kinds that are not non-empty strings,
   * rejects with a `TypeError`.
   */
  userStats?(query: { now: Date; since: Date; kinds: readonly string[] }): Promise<UserStats>;

  /**
   * Rate-limit counters in this storage: the default store of Gatehouse's rate limits and lockout
   * whenever the adapter has one, so limits hold across app instances with no extra service.
   */
  rateLimits?: RateLimitStore;
}

/** What `claimUnverifiedUser` is told. */
export interface UnverifiedClaim {
  /** When the address was proven: the new `emailVerified` and "sessions valid after" time. */
  verifiedAt: Date;
  /** The provider account that proved the address, linked in the same transaction; null for none. */
  link: AdapterAccount | null;
}

/** What `claimUnverifiedUser` did: the user as now stored, and how much of each kind went. */
export interface ClaimedUser {
  user: AdapterUser;
  removed: {
    password: boolean;
    passkeys: number;
    /** An enrolment, on or pending (its backup codes went with it). */
    twoFactor: boolean;
    /** Linked provider accounts (not `link`). */
    accounts: number;
    /** Sessions: database sessions and jwt session records, each session once. */
    sessions: number;
    /** A name or a picture was set. */
    profile: boolean;
  };
}

/** A passkey as stored: a WebAuthn credential's public part and what the account console shows. */
export interface StoredPasskey {
  /** The credential id, base64url. */
  id: string;
  userId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The signature counter last seen (0 for authenticators that do not count). */
  counter: number;
  /** How the authenticator can be reached (`usb`, `nfc`, `ble`, `internal`, `hybrid`, …). */
  transports: string[];
  /** `multiDevice`: synced (a passkey in a password manager); `singleDevice`: bound to one authenticator. */
  deviceType: "singleDevice" | "multiDevice";
  /** Whether the credential is backed up (synced) now. */
  backedUp: boolean;
  /** The user's name for it, e.g. "MacBook". */
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A user's TOTP enrolment. */
export interface StoredTwoFactor {
  userId: string;
  /** The TOTP secret, sealed by core (as provider tokens are): useless without the app's secret. */
  secret: string;
  /** When the first code confirmed it; null while enrolment is pending. */
  enabledAt: Date | null;
  /** The last TOTP time step used, or null. */
  lastUsedStep: number | null;
}

/** Identifies one client registration: Gatehouse's provider id and the provider's issuer. */
export type ClientRegistrationKey = { provider: string; issuer: string };

/** A dynamic client registration (RFC 7591) as stored. Gatehouse hands the adapter sealed secrets only. */
export interface StoredClientRegistration extends ClientRegistrationKey {
  clientId: string;
  clientSecret: string | null;
  /** Epoch seconds; 0 means the secret never expires. */
  clientSecretExpiresAt: number;
  registrationAccessToken: string | null;
  /** The provider's registration response, without `client_secret` and `registration_access_token`. */
  metadata: Record<string, unknown>;
  createdAt: Date;
}

/** Identifies one linked account. */
export type AccountKey = Pick<AdapterAccount, "provider" | "providerAccountId">;

/** The token fields of an account that a refresh or a later sign-in may replace. */
export type AccountTokens = Partial<
  Pick<AdapterAccount, "access_token" | "refresh_token" | "expires_at" | "token_type" | "scope" | "id_token">
>;

/**
 * A signed-in session as the account console lists it. Both strategies keep one per session when
 * the adapter stores them: the database strategy beside its `gh_sessions` row (deleted with it), the
 * jwt strategy as the only server-side trace of a token that names it (`sid`).
 */
export interface StoredSessionRecord {
  /** Public id: 32 hex digits (random for jwt, derived one-way from the token hash for database). Never the token or its hash. */
  id: string;
  userId: string;
  /** Database strategy: the stored hash of the session token (its `gh_sessions` key); null for jwt. */
  sessionTokenHash: string | null;
  createdAt: Date;
  /** Updated at most once per `session.updateAge`, when the token is renewed. */
  lastActiveAt: Date;
  expires: Date;
  /** The client's address at sign-in, or null when unknown. */
  ip: string | null;
  /** The User-Agent header at sign-in (at most 512 characters), or null. */
  userAgent: string | null;
  /** How the person signed in: the provider id (`password`, `passkey`, `github`, `email`, …). */
  method: string;
  /**
   * The second factor the sign-in passed: `totp` or `backup` (the code of the second step), or
   * `passkey` (a passkey that verified its user: both factors in one); null when one factor was all
   * it took. Adapters written before it may omit it: absent reads as null.
   */
  secondFactor?: string | null;
}

/** One entry of the audit log. Never a secret, token, code or password in any field. */
export interface StoredAuditEntry {
  /** Assigned by storage; unique. */
  id: string;
  at: Date;
  /** What happened, e.g. `sign-in`, `sign-in-failed`, `password-changed` (core's `AuditKind`). */
  kind: string;
  /** Who did it (a user id), or null (the system, or someone not signed in). */
  actorId: string | null;
  /** Whom it concerns (a user id), or null (e.g. a failed sign-in for an unknown address). */
  subjectId: string | null;
  ip: string | null;
  userAgent: string | null;
  /** Small facts: the reason, the method, the provider. Values are strings, numbers, booleans or null. */
  detail: Record<string, string | number | boolean | null>;
}

/** A page of the audit log. */
export interface AuditQuery {
  /** Entries whose actor or subject is this user. */
  userId?: string;
  kinds?: readonly string[];
  /** Inclusive lower bound of `at`. */
  from?: Date;
  /** Exclusive upper bound of `at`. */
  to?: Date;
  cursor?: string | null;
  limit: number;
}

/** What an administrator's user list asks for (`searchUsers`). */
export interface UserSearch {
  /**
   * Search text, trimmed, 1–200 characters: users whose email or name *starts with* it
   * (case-insensitive: both folded, NFKC then lower case, so "ÉMILE" finds "émile" and "ﬁ" is "fi"),
   * or whose id is exactly it. Prefix matching is what an index can answer at any table size;
   * `@example.com` style domain search is not offered.
   */
  q?: string;
  /** Only disabled users (true) or only enabled ones (false). */
  disabled?: boolean;
  /** Only users whose email is not verified (true) or only verified ones (false). */
  unverified?: boolean;
  /** Only users with two-factor turned on (true) or off (false). */
  twoFactor?: boolean;
  /** Only users with this role. */
  role?: string;
  /**
   * `created` (default), `email` or `name`; ties broken by id. Emails and names compare folded (as
   * `q`), in code point order; a user without one sorts as the empty string — first in ascending
   * order, last in descending — so no one is left out.
   */
  sort?: "created" | "email" | "name";
  /** Default `desc` for `created`, `asc` for the others. */
  order?: "asc" | "desc";
  /**
   * The `next` of the previous page of the same query (the same sort and order). Opaque; for the
   * `email` and `name` sorts it holds the last user's folded email or name, so it is as private as
   * the page it follows.
   */
  cursor?: string | null;
  /** 1–100. */
  limit: number;
}

/** A user as the admin list shows them. */
export interface UserSummary extends AdapterUser {
  role: string | null;
  createdAt: Date | null;
  disabledAt: Date | null;
  /** Two-factor is on (an enabled TOTP enrolment). */
  twoFactor: boolean;
}

/** The admin overview's counts. */
export interface UserStats {
  users: number;
  disabledUsers: number;
  /** Unexpired session records (both strategies), at `now`. */
  activeSessions: number;
  /** Audit entries since `since`, by kind (every asked kind present, 0 when none). */
  events: Record<string, number>;
}
