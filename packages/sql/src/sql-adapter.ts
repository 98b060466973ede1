import {
  type Adapter,
  type AdapterAccount,
  type AdapterUser,
  foldKey,
  type VerificationToken,
} from "@gatehouse/core/adapter";
import { type Kysely, sql } from "kysely";
import type { Database, SqlDatabase } from "./database.ts";
import {
  getAccountByUserId,
  listAccountsByUserId,
  refreshAccountTokens,
  updateAccountTokens,
} from "./lib/account-tokens.ts";
import { auditStore } from "./lib/audit.ts";
import { clientRegistrationStore } from "./lib/client-registrations.ts";
import { createUserAndAccount } from "./lib/create-user-and-account.ts";
import { createUserWithPasskey } from "./lib/create-user-with-passkey.ts";
import { disabledUserStore } from "./lib/disabled-users.ts";
import { guard } from "./lib/driver-errors.ts";
import { passkeyStore } from "./lib/passkeys.ts";
import { passwordStore } from "./lib/passwords.ts";
import { deleteEndedRateLimits, sqlRateLimitStore } from "./lib/rate-limit-store.ts";
import {
  accountColumns,
  accountValues,
  joinedUserColumns,
  newUserRow,
  toAccount,
  toDateColumn,
  toSession,
  toUser,
  toVerificationToken,
  userColumns,
} from "./lib/rows.ts";
import { securityStore } from "./lib/security-generation.ts";
import { SESSION_AND_USER_SQL, type SessionAndUserRow, toSessionAndUser } from "./lib/session-lookup.ts";
import { sessionRecordStore } from "./lib/session-records.ts";
import { sessionsValidAfterStore } from "./lib/sessions-valid-after.ts";
import { twoFactorStore } from "./lib/two-factor.ts";
import { userAdminStore } from "./lib/user-admin.ts";
import { StorageError } from "./storage-error.ts";

type NewUser = Omit<AdapterUser, "id"> & { id?: string };

/** Every Auth.js adapter method, plus the extensions Gatehouse uses when they exist. */
export type SqlAdapter = Required<Adapter> & {
  /**
   * Creates a user and links their first account in one transaction. If a concurrent first sign-in
   * already linked this (provider, providerAccountId), returns that owner instead; throws
   * `StorageError` `EmailTaken` when another user holds the email.
   */
  createUserAndAccount(user: NewUser, account: Omit<AdapterAccount, "userId">): Promise<AdapterUser>;
  /**
   * Deletes expired sessions, session records and verification tokens (`expires < now`) and the
   * rate-limit counters whose window ended (`resetAt <= now`); resolves to the `gh_sessions` rows
   * deleted.
   */
  deleteExpiredSessions(now: Date): Promise<number>;
  /** The account a user linked at a provider, or null (for `getAccessToken`). */
  getAccountByUserId(userId: string, provider: string): Promise<AdapterAccount | null>;
  /** Every provider account of the user (ordered by id: stable, not by age). */
  listAccountsByUserId(userId: string): Promise<AdapterAccount[]>;
  /** Overwrites the given token columns of one account; false when it does not exist. */
  updateAccountTokens: NonNullable<Adapter["updateAccountTokens"]>;
  /** Locks the account row (SQLite: `BEGIN IMMEDIATE`), re-reads it, refreshes, writes: one refresh across instances. */
  refreshAccountTokens: NonNullable<Adapter["refreshAccountTokens"]>;
  /**
   * One page of users in id order: at most `limit` (1–1000) users whose id sorts after `after`, and
   * `next`, the cursor for the following page (null on the last). For administration (`gatehouse
   * users list`); core never calls it.
   */
  listUsers(options: {
    limit: number;
    after?: string | undefined;
  }): Promise<{ users: AdapterUser[]; next: string | null }>;
  /** Releases the connection pool or file handle, if the adapter opened it. */
  close(): Promise<void>;
  /** The open database, for `migrate(adapter.db)` and `assertSchema(adapter.db)`. */
  readonly db: SqlDatabase;
};

/**
 * The adapter over an open Gatehouse database (either dialect). Every method wraps driver errors into
 * `StorageError`; unknown ids and tokens resolve to `null`, never throw.
 */
export function createAdapterOver(db: SqlDatabase, close: () => Promise<void>): SqlAdapter {
  const { kysely, dialect } = db;
  const date = (value: Date, field: string) => toDateColumn(dialect, value, field);

  const getUserByAccount: SqlAdapter["getUserByAccount"] = ({ provider, providerAccountId }) =>
    guard("getUserByAccount", async () => {
      const row = await kysely
        .selectFrom("gh_accounts as a")
        .innerJoin("gh_users as u", "u.id", "a.user_id")
        .select(joinedUserColumns)
        .where("a.provider", "=", provider)
        .where("a.provider_account_id", "=", providerAccountId)
        .executeTakeFirst();
      return row === undefined ? null : toUser(row);
    });

  return {
    db,

    createUser: (user) =>
      guard("createUser", async () => {
        const row = await kysely
          .insertInto("gh_users")
          .values(newUserRow(dialect, user))
          .returning(userColumns)
          .executeTakeFirstOrThrow();
        return toUser(row);
      }),

    getUser: (id) =>
      guard("getUser", async () => {
        const row = await kysely
          .selectFrom("gh_users")
          .select(userColumns)
          .where("id", "=", id)
          .executeTakeFirst();
        return row === undefined ? null : toUser(row);
      }),

    getUserByEmail: (email) =>
      guard("getUserByEmail", async () => {
        const row = await kysely
          .selectFrom("gh_users")
          .select(userColumns)
          .where("email", "=", email)
          .executeTakeFirst();
        return row === undefined ? null : toUser(row);
      }),

    getUserByAccount,

    // Never `disabled_at` (see disabledUserStore), `role` (userAdminStore), `created_at` nor
    // `security_generation` (securityStore): a stale copy of the user handed back cannot undo an
    // administrator's change or revive voided links. The folded keys go with the email and the
    // name they fold.
    updateUser: ({ id, ...changes }) =>
      guard("updateUser", async () => {
        const values = {
          ...(changes.name !== undefined && { name: changes.name, name_key: foldKey(changes.name) }),
          ...(changes.email !== undefined && { email: changes.email, email_key: foldKey(changes.email) }),
          ...(changes.image !== undefined && { image: changes.image }),
          ...(changes.emailVerified !== undefined && {
            email_verified:
              changes.emailVerified === null ? null : date(changes.emailVerified, "emailVerified"),
          }),
        };
        const row =
          Object.keys(values).length === 0
            ? await kysely.selectFrom("gh_users").select(userColumns).where("id", "=", id).executeTakeFirst()
            : await kysely
                .updateTable("gh_users")
                .set(values)
                .where("id", "=", id)
                .returning(userColumns)
                .executeTakeFirst();
        if (row === undefined) throw new StorageError("NotFound", { operation: "updateUser" });
        return toUser(row);
      }),

    // Everything of the user goes with it through ON DELETE CASCADE: accounts, sessions and their
    // records, the password, passkeys, the two-factor enrolment and the backup codes. Not the audit
    // entries that name the user: they are the history, and hold the id only (migration 006).
    deleteUser: (userId) =>
      guard("deleteUser", async () => {
        const row = await kysely
          .deleteFrom("gh_users")
          .where("id", "=", userId)
          .returning(userColumns)
          .executeTakeFirst();
        return row === undefined ? null : toUser(row);
      }),

    linkAccount: (account) =>
      guard("linkAccount", async () => {
        const row = await kysely
          .insertInto("gh_accounts")
          .values(accountValues(account))
          .returning(accountColumns)
          .executeTakeFirstOrThrow();
        return toAccount(row);
      }),

    unlinkAccount: ({ provider, providerAccountId }) =>
      guard("unlinkAccount", async () => {
        const row = await kysely
          .deleteFrom("gh_accounts")
          .where("provider", "=", provider)
          .where("provider_account_id", "=", providerAccountId)
          .returning(accountColumns)
          .executeTakeFirst();
        return row === undefined ? undefined : toAccount(row);
      }),

    createSession: (session) =>
      guard("createSession", async () => {
        await kysely
          .insertInto("gh_sessions")
          .values({
            session_token_hash: session.sessionToken,
            user_id: session.userId,
            expires: date(session.expires, "expires"),
          })
          .execute();
        return { sessionToken: session.sessionToken, userId: session.userId, expires: session.expires };
      }),

    // One indexed read (primary key + join on the user's primary key); expiry is the caller's
    // decision, so this never writes. The same statement text the dialects' prepared fast paths use;
    // through Kysely it waits its turn for the connection (SQLite's fallback inside a transaction).
    getSessionAndUser: (sessionToken) =>
      guard("getSessionAndUser", async () => {
        const query = sql<SessionAndUserRow>`${sql.raw(SESSION_AND_USER_SQL)}${sessionToken}`;
        const { rows } = await query.execute(kysely);
        return toSessionAndUser(rows[0]);
      }),

    updateSession: ({ sessionToken, ...changes }) =>
      guard("updateSession", async () => {
        const values = {
          ...(changes.expires !== undefined && { expires: date(changes.expires, "expires") }),
          ...(changes.userId !== undefined && { user_id: changes.userId }),
        };
        const columns = ["session_token_hash", "user_id", "expires"] as const;
        const row =
          Object.keys(values).length === 0
            ? await kysely
                .selectFrom("gh_sessions")
                .select(columns)
                .where("session_token_hash", "=", sessionToken)
                .executeTakeFirst()
            : await kysely
                .updateTable("gh_sessions")
                .set(values)
                .where("session_token_hash", "=", sessionToken)
                .returning(columns)
                .executeTakeFirst();
        return row === undefined ? null : toSession(row);
      }),

    // Sign-out; the session's record goes with the row (ON DELETE CASCADE).
    deleteSession: (sessionToken) =>
      guard("deleteSession", async () => {
        const row = await kysely
          .deleteFrom("gh_sessions")
          .where("session_token_hash", "=", sessionToken)
          .returning(["session_token_hash", "user_id", "expires"])
          .executeTakeFirst();
        return row === undefined ? null : toSession(row);
      }),

    createVerificationToken: (token) =>
      guard("createVerificationToken", async () => {
        await kysely
          .insertInto("gh_verification_tokens")
          .values({
            identifier: token.identifier,
            token_hash: token.token,
            expires: date(token.expires, "expires"),
          })
          .execute();
        return { identifier: token.identifier, token: token.token, expires: token.expires };
      }),

    // Both fields must match, and the row is deleted by the same statement that returns it: of any
    // number of concurrent uses of one sign-in link, exactly one gets the row.
    useVerificationToken: ({ identifier, token }) =>
      guard("useVerificationToken", async (): Promise<VerificationToken | null> => {
        const row = await kysely
          .deleteFrom("gh_verification_tokens")
          .where("identifier", "=", identifier)
          .where("token_hash", "=", token)
          .returning(["identifier", "token_hash", "expires"])
          .executeTakeFirst();
        return row === undefined ? null : toVerificationToken(row);
      }),

    createUserAndAccount: (user, account) =>
      createUserAndAccount({ db, user, account, getUserByAccount: async (key) => getUserByAccount(key) }),

    deleteExpiredSessions: (now) =>
      guard("deleteExpiredSessions", async () => {
        const cutoff = date(now, "now");
        // In batches of CLEAN_UP_BATCH: each statement stays well inside PostgreSQL's statement
        // time-out however large the backlog (one DELETE of a month of rows would be cancelled every
        // hour and never finish), and no batch holds its locks for long.
        const sessions = await deleteExpired(kysely, "gh_sessions", "session_token_hash", cutoff);
        // A database session's record went with its row; a jwt session's has none to go with.
        await deleteExpired(kysely, "gh_session_records", "id", cutoff);
        await deleteExpired(kysely, "gh_verification_tokens", "token_hash", cutoff);
        await deleteEndedRateLimits(db, now.getTime());
        return sessions;
      }),

    getAccountByUserId: (userId, provider) => getAccountByUserId(db, userId, provider),
    listAccountsByUserId: (userId) => listAccountsByUserId(db, userId),
    updateAccountTokens: (key, tokens) => updateAccountTokens(db, key, tokens),
    refreshAccountTokens: (key, refresh) => refreshAccountTokens(db, key, refresh),

    listUsers: ({ limit, after }) => {
      // Misuse, not a storage failure: a TypeError before any SQL runs.
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
        return Promise.reject(new TypeError("Gatehouse storage: listUsers limit must be an integer 1–1000"));
      }
      return guard("listUsers", async () => {
        // Keyset pagination on the primary key: no OFFSET scan, and a page is stable while users
        // are added or deleted elsewhere in the list.
        // One row more than the page tells whether there is a next one, without counting the table.
        let query = kysely
          .selectFrom("gh_users")
          .select(userColumns)
          .orderBy("id")
          .limit(limit + 1);
        if (after !== undefined) query = query.where("id", ">", after);
        const rows = await query.execute();
        const users = rows.slice(0, limit).map(toUser);
        return { users, next: rows.length > limit ? (users.at(-1)?.id ?? null) : null };
      });
    },

    // Dynamic client registration (migration 002) and back-channel logout.
    ...clientRegistrationStore(db),
    // Password accounts: hashes, jwt session revocation and rate-limit counters (migration 003).
    ...passwordStore(db),
    ...sessionsValidAfterStore(db),
    rateLimits: sqlRateLimitStore(db),
    // Passkeys and two-factor authentication (migration 004).
    ...passkeyStore(db),
    createUserWithPasskey: createUserWithPasskey(db),
    ...twoFactorStore(db),
    // Disabled users (migration 005).
    ...disabledUserStore(db),
    // Session records and the audit log, for the account console (migration 006).
    ...sessionRecordStore(db),
    ...auditStore(db),
    // Roles, the admin user list and the overview's counts (migration 007).
    ...userAdminStore(db),
    // The security generation and the claim of an unverified user (migration 008).
    ...securityStore(db),

    close: () => guard("close", close),
  };
}

/** Rows per statement of the clean-up (`deleteExpiredSessions`). */
export const CLEAN_UP_BATCH = 5000;

/**
 * Deletes the rows of `table` whose `expires` is before `cutoff`, CLEAN_UP_BATCH at a time by their
 * unique `key`, until a batch comes back short; resolves to how many went in all.
 */
async function deleteExpired(
  kysely: Kysely<Database>,
  table: "gh_sessions" | "gh_session_records" | "gh_verification_tokens",
  key: string,
  cutoff: unknown,
): Promise<number> {
  let total = 0;
  for (;;) {
    const result =
      await sql`delete from ${sql.table(table)} where ${sql.ref(key)} in (select ${sql.ref(key)} from ${sql.table(table)} where expires < ${cutoff} limit ${CLEAN_UP_BATCH})`.execute(
        kysely,
      );
    const deleted = Number(result.numAffectedRows ?? 0n);
    total += deleted;
    if (deleted < CLEAN_UP_BATCH) return total;
  }
}
