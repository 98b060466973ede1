import type { ColumnType, Generated, Kysely } from "kysely";

/** A timestamp column: `timestamptz` (a `Date`) on PostgreSQL, epoch milliseconds on SQLite. */
export type DateColumn = Date | number;

export interface UsersTable {
  id: string;
  name: string | null;
  /** Nullable because credentials users may have none; unique when present. */
  email: string | null;
  email_verified: DateColumn | null;
  image: string | null;
  /** Sessions of the user that began before this are void (jwt sessions); null: never set. */
  sessions_valid_after: DateColumn | null;
  /** When the user was disabled (migration 005); null while enabled. */
  disabled_at: DateColumn | null;
  /** The user's role (migration 007); null for none. Written by `setUserRole` only. */
  role: string | null;
  /**
   * When the user was created (migration 007; earlier users: when it ran). `timestamptz(3)` on
   * PostgreSQL: whole milliseconds, as a JavaScript Date holds them, so a page cursor names a row exactly.
   */
  created_at: DateColumn;
  /** The email folded (`foldKey`), "" for none: what the admin list sorts and searches by. */
  email_key: string;
  /** The name folded (`foldKey`), "" for none. */
  name_key: string;
  /**
   * The security generation (migration 008), 0 for a new user: what outstanding links are bound
   * to. Written by `bumpSecurityGeneration` and `claimUnverifiedUser` only.
   */
  security_generation: ColumnType<number, number | undefined, number>;
}

/** One password hash per user, apart from `gh_users` so that no user read carries it. */
export interface PasswordsTable {
  user_id: string;
  /** A PHC string (argon2id) or an imported hash. */
  hash: string;
  updated_at: DateColumn;
}

/** Rate-limit counters: one row per key, one fixed window each. */
export interface RateLimitsTable {
  /** SHA-256 (hex) of the limiter's key, which names email and IP addresses. */
  key_hash: string;
  /** `bigint` on PostgreSQL, which pg returns as a string. */
  count: number | string;
  /** When the window ends: epoch milliseconds of the caller's clock (`bigint` on PostgreSQL). */
  reset_at: number | string;
}

/** A passkey (WebAuthn credential): its public key and what the account console shows. */
export interface PasskeysTable {
  /** The credential id, base64url. */
  id: string;
  user_id: string;
  /** The COSE public key, base64url: no secret. */
  public_key: string;
  /** The signature counter last seen; `bigint` on PostgreSQL, which pg returns as a string. */
  counter: number | string;
  /** The authenticator's transports as a JSON array of strings. */
  transports: string;
  /** `singleDevice` or `multiDevice`. */
  device_type: string;
  /** `boolean` on PostgreSQL, INTEGER 0/1 on SQLite. */
  backed_up: boolean | number;
  name: string;
  created_at: DateColumn;
  last_used_at: DateColumn | null;
}

/** A user's TOTP enrolment: at most one per user. */
export interface TwoFactorTable {
  user_id: string;
  /** Sealed by core: useless without the app's secret. */
  secret: string;
  /** Null while enrolment is pending. */
  enabled_at: DateColumn | null;
  /** The last TOTP time step used; `bigint` on PostgreSQL, which pg returns as a string. */
  last_used_step: number | string | null;
}

/** A user's backup codes, as hashes; one row per code. */
export interface BackupCodesTable {
  user_id: string;
  code_hash: string;
  /** Null until the code is used; a used code stays, so it is never accepted again. */
  used_at: DateColumn | null;
}

/**
 * A signed-in session as the account console lists it (migration 006), for either session strategy.
 * A database session's record goes with its `gh_sessions` row (foreign key, ON DELETE CASCADE).
 */
export interface SessionRecordsTable {
  /** Public, random: never the token or its hash. */
  id: string;
  user_id: string;
  /** The `gh_sessions` row of a database session (unique); null for a jwt session. */
  session_token_hash: string | null;
  created_at: DateColumn;
  last_active_at: DateColumn;
  expires: DateColumn;
  ip: string | null;
  user_agent: string | null;
  /** The sign-in method: a provider id. */
  method: string;
  /**
   * The second factor the sign-in passed (`totp`, `backup`, `passkey`), null when it took none
   * (migration 009; records from before it are null).
   */
  second_factor: string | null;
}

/** The audit log (migration 006): appended to, read newest first, trimmed by retention only. */
export interface AuditTable {
  /**
   * Assigned by the database, counting up (an identity column on PostgreSQL, which pg returns as a
   * string; AUTOINCREMENT on SQLite, so an id is never reused).
   */
  id: Generated<number | string>;
  at: DateColumn;
  kind: string;
  /** User ids without a foreign key: a deleted user's history stays. */
  actor_id: string | null;
  subject_id: string | null;
  ip: string | null;
  user_agent: string | null;
  /** JSON: `jsonb` on PostgreSQL (pg parses it), text on SQLite. Written as JSON text. */
  detail: ColumnType<string | Record<string, unknown>, string, never>;
}

export interface AccountsTable {
  id: string;
  user_id: string;
  type: string;
  provider: string;
  provider_account_id: string;
  refresh_token: string | null;
  access_token: string | null;
  /** Epoch seconds; `bigint` on PostgreSQL, which pg returns as a string. */
  expires_at: number | string | null;
  token_type: string | null;
  scope: string | null;
  id_token: string | null;
  session_state: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: Gatehouse never hands the adapter the token itself. */
  session_token_hash: string;
  user_id: string;
  expires: DateColumn;
}

export interface VerificationTokensTable {
  identifier: string;
  token_hash: string;
  expires: DateColumn;
}

/** A provider's dynamic client registration (RFC 7591), one per (provider id, issuer). */
export interface ClientRegistrationsTable {
  provider: string;
  issuer: string;
  client_id: string;
  /** Sealed (`gh.enc.` JWE) by core; null for a public client. */
  client_secret: string | null;
  /** Epoch seconds; 0 = never. `bigint` on PostgreSQL, which pg returns as a string. */
  client_secret_expires_at: number | string | null;
  /** Sealed RFC 7592 management token, when the provider issued one. */
  registration_access_token: string | null;
  /** The registration response as JSON, without the secret and the access token. */
  metadata: string;
  created_at: DateColumn;
}

export interface SchemaTable {
  version: number;
}

/** The Kysely database type of the Gatehouse tables. */
export interface Database {
  gh_users: UsersTable;
  gh_accounts: AccountsTable;
  gh_sessions: SessionsTable;
  gh_verification_tokens: VerificationTokensTable;
  gh_schema: SchemaTable;
  gh_client_registrations: ClientRegistrationsTable;
  gh_passwords: PasswordsTable;
  gh_rate_limits: RateLimitsTable;
  gh_passkeys: PasskeysTable;
  gh_two_factor: TwoFactorTable;
  gh_backup_codes: BackupCodesTable;
  gh_session_records: SessionRecordsTable;
  gh_audit: AuditTable;
}

export type SqlDialectName = "sqlite" | "postgres";

/** An open Gatehouse database: what `migrate` and `assertSchema` take (`adapter.db`). */
export interface SqlDatabase {
  readonly kysely: Kysely<Database>;
  readonly dialect: SqlDialectName;
  /**
   * Runs `work` where the adapter's statement time-out does not apply: a connection of its own for a
   * PostgreSQL adapter made from a URL, so that `migrate` on a big table is not cancelled after a few
   * seconds. Absent: `kysely` has no such bound to lift.
   */
  readonly unbounded?: <T>(work: (kysely: Kysely<Database>) => Promise<T>) => Promise<T>;
}
