import { ConfigError } from "@gatehouse/core";
import {
  type AdapterAccount,
  type AdapterSession,
  type AdapterUser,
  foldKey,
  type VerificationToken,
} from "@gatehouse/core/adapter";
import type { AccountsTable, DateColumn, SqlDialectName } from "../database.ts";

/** A Date as the dialect stores it; an invalid Date is misuse, caught before it reaches SQL. */
export function toDateColumn(dialect: SqlDialectName, date: Date, field: string): DateColumn {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new ConfigError(`Gatehouse storage: ${field} must be a valid Date`);
  }
  return dialect === "sqlite" ? date.getTime() : date;
}

export function fromDateColumn(value: DateColumn | string): Date {
  return value instanceof Date ? value : new Date(value);
}

export interface UserRow {
  id: string;
  name: string | null;
  email: string | null;
  email_verified: DateColumn | null;
  image: string | null;
  disabled_at: DateColumn | null;
  role: string | null;
  created_at: DateColumn;
  security_generation: number | string;
}

export function toUser(row: UserRow): AdapterUser {
  return {
    id: row.id,
    name: row.name,
    // AdapterUser types email as string (as Auth.js does), but credentials users may have none:
    // the column is nullable and null is passed through rather than invented as "".
    email: row.email as string,
    emailVerified: row.email_verified === null ? null : fromDateColumn(row.email_verified),
    image: row.image,
    disabledAt: row.disabled_at === null ? null : fromDateColumn(row.disabled_at),
    role: row.role,
    createdAt: fromDateColumn(row.created_at),
    securityGeneration: Number(row.security_generation),
  };
}

/** A user's row as first inserted: every column a new user has a value for. */
export type NewUserRow = Omit<UserRow, "disabled_at" | "role" | "security_generation"> & {
  email_key: string;
  name_key: string;
};

/**
 * The row of a new user, under `id` when the caller chose one (else a random UUID), created now
 * unless the caller says when (an import); an invalid date is misuse, caught here before any SQL
 * runs. Never a role (only `setUserRole` gives one) nor a generation (the column's default, 0).
 * Every insert of a user goes through here, so every user has `created_at` and the folded keys the
 * admin list sorts by.
 */
export function newUserRow(
  dialect: SqlDialectName,
  user: Omit<AdapterUser, "id"> & { id?: string },
): NewUserRow {
  const name = user.name ?? null;
  const email = user.email ?? null;
  return {
    id: user.id ?? crypto.randomUUID(),
    name,
    email,
    email_verified: user.emailVerified ? toDateColumn(dialect, user.emailVerified, "emailVerified") : null,
    image: user.image ?? null,
    created_at: toDateColumn(dialect, user.createdAt ?? new Date(), "createdAt"),
    email_key: foldKey(email),
    name_key: foldKey(name),
  };
}

/**
 * Every column a user read selects (never `sessions_valid_after`, which has its own read, nor the
 * folded keys, which only the admin list reads).
 */
export const userColumns = [
  "id",
  "name",
  "email",
  "email_verified",
  "image",
  "disabled_at",
  "role",
  "created_at",
  "security_generation",
] as const;

/** `userColumns` of `gh_users as u`, for the reads that reach the user through a join. */
export const joinedUserColumns = [
  "u.id",
  "u.name",
  "u.email",
  "u.email_verified",
  "u.image",
  "u.disabled_at",
  "u.role",
  "u.created_at",
  "u.security_generation",
] as const;

/** An account row as selected (every column but the surrogate id). */
export type AccountRow = Omit<AccountsTable, "id">;

export function toAccount(row: AccountRow): AdapterAccount {
  return {
    userId: row.user_id,
    type: row.type as AdapterAccount["type"],
    provider: row.provider,
    providerAccountId: row.provider_account_id,
    refresh_token: row.refresh_token,
    access_token: row.access_token,
    expires_at: row.expires_at === null ? null : Number(row.expires_at),
    token_type: row.token_type,
    scope: row.scope,
    id_token: row.id_token,
    session_state: row.session_state,
  };
}

/** Only the Auth.js columns are stored; extra token-endpoint fields are dropped, not rejected. */
export function accountValues(account: AdapterAccount): AccountRow & { id: string } {
  return {
    id: crypto.randomUUID(),
    user_id: account.userId,
    type: account.type,
    provider: account.provider,
    provider_account_id: account.providerAccountId,
    refresh_token: account.refresh_token ?? null,
    access_token: account.access_token ?? null,
    expires_at: account.expires_at ?? null,
    token_type: account.token_type ?? null,
    scope: account.scope ?? null,
    id_token: account.id_token ?? null,
    session_state: account.session_state ?? null,
  };
}

export const accountColumns = [
  "user_id",
  "type",
  "provider",
  "provider_account_id",
  "refresh_token",
  "access_token",
  "expires_at",
  "token_type",
  "scope",
  "id_token",
  "session_state",
] as const;

export function toSession(row: {
  session_token_hash: string;
  user_id: string;
  expires: DateColumn;
}): AdapterSession {
  return { sessionToken: row.session_token_hash, userId: row.user_id, expires: fromDateColumn(row.expires) };
}

export function toVerificationToken(row: {
  identifier: string;
  token_hash: string;
  expires: DateColumn;
}): VerificationToken {
  return { identifier: row.identifier, token: row.token_hash, expires: fromDateColumn(row.expires) };
}
