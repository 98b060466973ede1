import type { AccountKey, AccountTokens, AdapterAccount } from "@gatehouse/core/adapter";
import { type Kysely, sql } from "kysely";
import type { Database, SqlDatabase } from "../database.ts";
import { guard, toStorageError } from "./driver-errors.ts";
import { accountColumns, toAccount } from "./rows.ts";

/** The account a user linked at a provider; with several, the same one every time (lowest row id). */
export function getAccountByUserId(
  db: SqlDatabase,
  userId: string,
  provider: string,
): Promise<AdapterAccount | null> {
  return guard("getAccountByUserId", async () => {
    const row = await db.kysely
      .selectFrom("gh_accounts")
      .select(accountColumns)
      .where("user_id", "=", userId)
      .where("provider", "=", provider)
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? null : toAccount(row);
  });
}

/** Overwrites the given token columns of one account; false when it does not exist. */
export function updateAccountTokens(
  db: SqlDatabase,
  key: AccountKey,
  tokens: AccountTokens,
): Promise<boolean> {
  return guard("updateAccountTokens", () => writeTokens(db.kysely, key, tokens));
}

/**
 * Single-flight token refresh across app instances. The account row is locked for the whole
 * refresh, so of N instances that find the same expired token, one calls the provider and the
 * others wait, re-read the row and find its new tokens: a rotating refresh token is used exactly
 * once, and the rotated one is written in the same transaction that read the old one.
 *
 * PostgreSQL: `SELECT … FOR UPDATE` in a transaction. SQLite has no row locks; the whole database's
 * write lock is taken up front with `BEGIN IMMEDIATE` (Kysely's `BEGIN` is deferred: two readers
 * would both see the old token and the second upgrade to a writer would fail with SQLITE_BUSY).
 */
export function refreshAccountTokens(
  db: SqlDatabase,
  key: AccountKey,
  refresh: (current: AdapterAccount) => Promise<AccountTokens | null>,
): Promise<AdapterAccount | null> {
  return db.dialect === "postgres" ? refreshOnPostgres(db, key, refresh) : refreshOnSqlite(db, key, refresh);
}

type Refresh = (current: AdapterAccount) => Promise<AccountTokens | null>;

/** A failure of the caller's `refresh` (not of storage): rolls back, then reaches the caller as it was. */
class RefreshFailed extends Error {
  readonly error: unknown;
  constructor(error: unknown) {
    super("refresh failed");
    this.error = error;
  }
}

function rethrow(error: unknown): never {
  if (error instanceof RefreshFailed) throw error.error;
  throw toStorageError(error, "refreshAccountTokens");
}

async function refreshOnPostgres(db: SqlDatabase, key: AccountKey, refresh: Refresh) {
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const row = await selectAccount(trx, key).forUpdate().executeTakeFirst();
      return row === undefined ? null : apply(trx, key, toAccount(row), refresh);
    });
  } catch (error) {
    return rethrow(error);
  }
}

async function refreshOnSqlite(db: SqlDatabase, key: AccountKey, refresh: Refresh) {
  try {
    // One Kysely connection for the whole transaction: its mutex keeps this adapter's other queries
    // out until COMMIT/ROLLBACK, so none of them runs inside our transaction by accident.
    return await db.kysely.connection().execute(async (conn) => {
      await beginImmediate(conn);
      try {
        const row = await selectAccount(conn, key).executeTakeFirst();
        const result = row === undefined ? null : await apply(conn, key, toAccount(row), refresh);
        await sql`COMMIT`.execute(conn);
        return result;
      } catch (error) {
        await sql`ROLLBACK`.execute(conn).catch(() => {});
        throw error;
      }
    });
  } catch (error) {
    return rethrow(error);
  }
}

/**
 * `BEGIN IMMEDIATE`, waiting for another connection's write lock without blocking the event loop.
 * node:sqlite is synchronous: its busy handler would sleep the whole process while the lock holder
 * (maybe in this very process, awaiting the provider) cannot make progress. So the busy timeout is
 * set to 0 for the attempt and the wait happens here, asynchronously, for as long as the
 * connection's own busy timeout allows.
 */
async function beginImmediate(conn: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ timeout: number }>`PRAGMA busy_timeout`.execute(conn);
  const budget = Number(rows[0]?.timeout ?? 0);
  await sql`PRAGMA busy_timeout = 0`.execute(conn);
  try {
    const deadline = performance.now() + budget;
    let delay = 5;
    for (;;) {
      try {
        await sql`BEGIN IMMEDIATE`.execute(conn);
        return;
      } catch (error) {
        if (!isBusy(error) || performance.now() + delay > deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 100);
    }
  } finally {
    await sql.raw(`PRAGMA busy_timeout = ${Math.trunc(budget)}`).execute(conn);
  }
}

function isBusy(error: unknown): boolean {
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  return typeof errcode === "number" && (errcode & 0xff) === 5;
}

async function apply(
  conn: Kysely<Database>,
  key: AccountKey,
  current: AdapterAccount,
  refresh: Refresh,
): Promise<AdapterAccount> {
  let next: AccountTokens | null;
  try {
    next = await refresh(current);
  } catch (error) {
    throw new RefreshFailed(error);
  }
  if (next === null) return current;
  await writeTokens(conn, key, next);
  return { ...current, ...next };
}

function selectAccount(conn: Kysely<Database>, key: AccountKey) {
  return conn
    .selectFrom("gh_accounts")
    .select(accountColumns)
    .where("provider", "=", key.provider)
    .where("provider_account_id", "=", key.providerAccountId);
}

async function writeTokens(conn: Kysely<Database>, key: AccountKey, tokens: AccountTokens): Promise<boolean> {
  const values = {
    ...(tokens.access_token !== undefined && { access_token: tokens.access_token }),
    ...(tokens.refresh_token !== undefined && { refresh_token: tokens.refresh_token }),
    ...(tokens.expires_at !== undefined && { expires_at: tokens.expires_at }),
    ...(tokens.token_type !== undefined && { token_type: tokens.token_type }),
    ...(tokens.scope !== undefined && { scope: tokens.scope }),
    ...(tokens.id_token !== undefined && { id_token: tokens.id_token }),
  };
  const row =
    Object.keys(values).length === 0
      ? await selectAccount(conn, key).executeTakeFirst()
      : await conn
          .updateTable("gh_accounts")
          .set(values)
          .where("provider", "=", key.provider)
          .where("provider_account_id", "=", key.providerAccountId)
          .returning("id")
          .executeTakeFirst();
  return row !== undefined;
}

/** Every provider account of a user (ordered by id: stable, not by age). */
export function listAccountsByUserId(db: SqlDatabase, userId: string): Promise<AdapterAccount[]> {
  return guard("listAccountsByUserId", async () => {
    const rows = await db.kysely
      .selectFrom("gh_accounts")
      .select(accountColumns)
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute();
    return rows.map(toAccount);
  });
}
