import type { Adapter } from "@gatehouse/core/adapter";

/** The Gatehouse extensions an adapter may add beyond Auth.js (checked with `extensions: true`). */
export type AdapterExtensions = Required<Pick<Adapter, "createUserAndAccount" | "deleteExpiredSessions">> &
  Pick<Adapter, "listAccountsByUserId">;

/** The storage of password accounts (checked with `extensions: true` too). */
export type PasswordExtensions = Required<
  Pick<
    Adapter,
    | "createUserWithPassword"
    | "getPasswordHash"
    | "setPasswordHash"
    | "deletePasswordHash"
    | "getSessionsValidAfter"
    | "setSessionsValidAfter"
    | "rateLimits"
  >
>;

/** The storage of passkeys, passkey-only sign-up included (checked with `extensions: true` too). */
export type PasskeyExtensions = Required<
  Pick<
    Adapter,
    | "createPasskey"
    | "createUserWithPasskey"
    | "getPasskey"
    | "listPasskeys"
    | "usePasskey"
    | "renamePasskey"
    | "deletePasskey"
  >
>;

/** Disabling and enabling users (checked with `extensions: true` too). */
export type DisabledUserExtensions = Required<Pick<Adapter, "setUserDisabled">>;

/** The storage of two-factor authentication: TOTP enrolment and backup codes (`extensions: true`). */
export type TwoFactorExtensions = Required<
  Pick<
    Adapter,
    | "getTwoFactor"
    | "startTwoFactor"
    | "enableTwoFactor"
    | "deleteTwoFactor"
    | "useTotpStep"
    | "replaceBackupCodes"
    | "useBackupCode"
    | "countBackupCodes"
    | "backupCodeUsed"
  >
>;

/**
 * Session records, as the account console lists them (checked with `extensions: true` too). The
 * cases also check that `deleteSession`, `deleteSessionsByUserId`, `deleteExpiredSessions` and
 * `deleteUser` take a database session's record with it.
 */
export type SessionRecordExtensions = Required<
  Pick<
    Adapter,
    | "createSessionRecord"
    | "listSessionRecords"
    | "listSessionRecordIds"
    | "touchSessionRecord"
    | "deleteSessionRecord"
    | "deleteSessionRecords"
  >
>;

/** The audit log: append, query a page at a time, retention (checked with `extensions: true` too). */
export type AuditExtensions = Required<Pick<Adapter, "appendAudit" | "queryAudit" | "deleteAuditBefore">>;

/**
 * Roles, the admin user list and the admin overview's counts (checked with `extensions: true` too).
 * The cases also use the disabled-user, two-factor, session-record and audit extensions to make
 * the users and entries they filter and count.
 */
export type AdminExtensions = Required<Pick<Adapter, "searchUsers" | "setUserRole" | "userStats">>;

/**
 * The security generation and the claim of an unverified user (checked with `extensions: true` too).
 * The cases also use the password, passkey, two-factor, session-record, disabled-user and role
 * extensions to give the user everything a claim removes.
 */
export type SecurityExtensions = Required<Pick<Adapter, "bumpSecurityGeneration" | "claimUnverifiedUser">>;

/** What `count` is asked for; `passwords` only by the extension cases. */
export type CountedTable = "users" | "accounts" | "sessions" | "verificationTokens" | "passwords";

export interface ConformanceFixture {
  adapter: Adapter;
  teardown(): Promise<void>;
  /** Row count of a table, read straight from the database: lets the race tests count rows. */
  count?(table: CountedTable): Promise<number>;
}

export interface ConformanceOptions {
  /** Names the `describe` block, e.g. "@gatehouse/sql on PostgreSQL". */
  name: string;
  /** Called once before the suite; every case uses fresh random identities, so one database serves all. */
  setup(): Promise<ConformanceFixture>;
  /**
   * Also check the Gatehouse extensions (`createUserAndAccount`, `deleteExpiredSessions`, password
   * accounts, the `rateLimits` store on the caller's clock, passkeys and passkey-only sign-up,
   * two-factor authentication, disabled users, session records, the audit log, roles, the admin
   * user list and its counts, the security generation and the claim of an unverified user) and
   * their races.
   */
  extensions?: boolean;
  /** Also check that users without an email are allowed (several of them). Optional in Auth.js. */
  nullableEmail?: boolean;
  /**
   * Cases this adapter is known to fail, by name, with the reason. They still run and report, as
   * `todo`, so a fix shows up — this is for measuring a third-party adapter, never for ours.
   */
  knownFailures?: Readonly<Record<string, string>>;
}

/** What each group of cases is handed. */
export interface CaseContext {
  adapter(): Required<Adapter>;
  extensions(): AdapterExtensions;
  passwords(): PasswordExtensions;
  passkeys(): PasskeyExtensions;
  twoFactor(): TwoFactorExtensions;
  disabledUsers(): DisabledUserExtensions;
  sessionRecords(): SessionRecordExtensions;
  audit(): AuditExtensions;
  admin(): AdminExtensions;
  security(): SecurityExtensions;
  count(): ConformanceFixture["count"];
  /** Registers one conformance point (honouring `knownFailures`). */
  point(name: string, run: () => Promise<void>): void;
}
