import type { Kysely } from "kysely";

/** A timestamp column: `timestamptz` (a `Date`) on PostgreSQL, epoch milliseconds on SQLite. */
export type DateColumn = Date | number;

export interface UsersTable {
  id: string;
  name: string | null;
  /** Nullable because credentials users may have none; unique when present. */
  email: string | null;
  email_verified: DateColumn | null;
  image: string | null;
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
}

export type SqlDialectName = "sqlite" | "postgres";

/** An open Gatehouse database: what `migrate` and `assertSchema` take (`adapter.db`). */
export interface SqlDatabase {
  readonly kysely: Kysely<Database>;
  readonly dialect: SqlDialectName;
}
