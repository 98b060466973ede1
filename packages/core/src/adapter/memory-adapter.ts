import { ConfigError } from "../errors/config-error.ts";
import { createMemoryRateLimitStore, type MemoryRateLimitStore } from "../limits/memory-rate-limit-store.ts";
import { MemoryAdapterError } from "./memory-adapter-error.ts";
import { createMemoryAudit } from "./memory-audit.ts";
import { copyDate, copyOrNull, validDate } from "./memory-copies.ts";
import { createMemoryPasskeys } from "./memory-passkeys.ts";
import { createMemorySecurity } from "./memory-security.ts";
import { createMemorySessionRecords } from "./memory-session-records.ts";
import { createMemoryTwoFactor } from "./memory-two-factor.ts";
import { createMemoryUserAdmin } from "./memory-users.ts";

export { MemoryAdapterError, type MemoryAdapterErrorCode } from "./memory-adapter-error.ts";

import type {
  AccountKey,
  AccountTokens,
  Adapter,
  AdapterAccount,
  AdapterSession,
  AdapterUser,
  ClientRegistrationKey,
  StoredAuditEntry,
  StoredClientRegistration,
  StoredPasskey,
  StoredSessionRecord,
  StoredTwoFactor,
  VerificationToken,
} from "./adapter.ts";

/** A copy of every stored row, table by table, in insertion order: what a test asserts on. */
export interface MemoryTables {
  users: AdapterUser[];
  accounts: AdapterAccount[];
  /** `sessionToken` is what Gatehouse stored: the SHA-256 of the cookie's token. */
  sessions: AdapterSession[];
  /** `token` is hashed, as Gatehouse hands it over. */
  verificationTokens: VerificationToken[];
  clientRegistrations: StoredClientRegistration[];
  /** The password hash of each user that has one. */
  passwords: { userId: string; passwordHash: string }[];
  passkeys: StoredPasskey[];
  twoFactor: StoredTwoFactor[];
  /** `codeHash` as Gatehouse handed it over; `usedAt` null while the code is unused. */
  backupCodes: { userId: string; codeHash: string; usedAt: Date | null }[];
  /** What the account console lists; a database session's goes with its `sessions` row. */
  sessionRecords: StoredSessionRecord[];
  /** The audit log in append order; it outlives the users it names. */
  audit: StoredAuditEntry[];
}

type Async<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;

/**
 * Every adapter method, Gatehouse extensions included (each async), the rate-limit counters, and a
 * snapshot of the stored rows.
 */
export type MemoryAdapter = {
  [M in Exclude<keyof Adapter, "rateLimits">]-?: Async<NonNullable<Adapter[M]>>;
} & {
  /** The counters of this adapter's rate limits, in memory like everything else here. */
  readonly rateLimits: MemoryRateLimitStore;
  /** Copies of the stored rows; changing them changes nothing stored. */
  tables(): MemoryTables;
};

/**
 * A storage adapter that keeps everything in this process's memory, for tests and for trying
 * Gatehouse out. It behaves as the SQL adapter does (unique emails, cascading user deletion,
 * single-use verification tokens, first-insert-wins client registrations, `EmailTaken` errors, one
 * user per email under concurrent sign-ups, passkey counters and TOTP steps that only move forward,
 * single-use backup codes, session records deleted with their session, an append-only audit log
 * paged newest first, roles written by `setUserRole` only, the admin user list with the same sorts,
 * folding and cursors, a compare-and-set security generation, unverified accounts claimed all at
 * once or not at all) and passes the same conformance suite. Everything is lost when the
 * process ends, and nothing is shared between processes: not for production.
 *
 * @example
 * const adapter = createMemoryAdapter();
 * const auth = gatehouse({ secret, url, adapter, providers });
 * adapter.tables().sessions; // what sign-in stored
 *
 * `now` (epoch ms, default `Date.now`) stamps a new user's `createdAt`: a test with an injected
 * clock passes the same one.
 */
export function createMemoryAdapter(options: { now?: () => number } = {}): MemoryAdapter {
  const now = options.now ?? Date.now;
  const users = new Map<string, AdapterUser>();
  const accounts = new Map<string, AdapterAccount>();
  const sessions = new Map<string, AdapterSession>();
  const verificationTokens = new Map<string, VerificationToken>();
  const registrations = new Map<string, StoredClientRegistration>();
  const passwords = new Map<string, string>();
  const sessionsValidAfter = new Map<string, Date>();
  const hasUser = (id: string) => users.has(id);
  const passkeys = createMemoryPasskeys({
    has: hasUser,
    emailTaken: (email) => emailHolder(email) !== undefined,
    insertNew: insertNewUser,
  });
  const twoFactor = createMemoryTwoFactor(hasUser);
  const sessionRecords = createMemorySessionRecords({
    hasUser,
    hasSession: (hash) => sessions.has(hash),
    insertSession: (row) => sessions.set(row.sessionToken, row),
    deleteSession: (hash) => deleteSessionsWhere((session) => session.sessionToken === hash),
    sessionsOf: (userId) =>
      [...sessions.values()].filter((session) => session.userId === userId).map((s) => s.sessionToken),
  });
  const audit = createMemoryAudit();
  const userAdmin = createMemoryUserAdmin({
    users: () => users.values(),
    user: (id) => users.get(id),
    twoFactorOn: (userId) => twoFactor.isOn(userId),
    liveSessions: (now) => sessionRecords.countLive(now),
    auditEntries: (kind, since) => audit.count(kind, since),
  });
  const security = createMemorySecurity({
    user: (id) => users.get(id),
    copyUser,
    accountOwner: (account) => accountOf(account)?.userId,
    strip(userId) {
      const twoFactorRows = twoFactor.rows().twoFactor;
      const removed = {
        password: passwords.delete(userId),
        passkeys: passkeys.rows().filter((passkey) => passkey.userId === userId).length,
        twoFactor: twoFactorRows.some((row) => row.userId === userId),
        accounts: 0,
        // Each session once: a database session (with or without its record), or a jwt record.
        sessions: sessionRecords.rows().filter((r) => r.userId === userId && r.sessionTokenHash === null)
          .length,
      };
      passkeys.forgetUser(userId);
      twoFactor.forgetUser(userId);
      for (const [id, account] of accounts) {
        if (account.userId === userId) {
          accounts.delete(id);
          removed.accounts++;
        }
      }
      removed.sessions += deleteSessionsWhere((session) => session.userId === userId);
      sessionRecords.forgetUser(userId);
      return removed;
    },
    linkAccount: (account) => insertAccount(account, "claimUnverifiedUser"),
    setSessionsValidAfter(userId, at) {
      const current = sessionsValidAfter.get(userId);
      if (current === undefined || current.getTime() < at.getTime()) sessionsValidAfter.set(userId, at);
    },
  });
  // The tail of each account's refresh chain: what `refreshAccountTokens` waits for (its row lock).
  const refreshing = new Map<string, Promise<unknown>>();

  const accountOf = (key: AccountKey) => accounts.get(accountId(key));
  const userOf = (id: string | undefined) => (id === undefined ? undefined : users.get(id));
  const emailHolder = (email: string | null | undefined) =>
    email === null || email === undefined
      ? undefined
      : [...users.values()].find((user) => user.email === email);

  function insertUser(user: Omit<AdapterUser, "id"> & { id?: string }, operation: string): AdapterUser {
    const row: AdapterUser = {
      id: user.id ?? crypto.randomUUID(),
      name: user.name ?? null,
      // Nullable as the SQL column is: credentials users may have none, and many may have none.
      email: user.email ?? (null as unknown as string),
      emailVerified: user.emailVerified ? validDate(user.emailVerified, "emailVerified") : null,
      image: user.image ?? null,
      // Only setUserDisabled, setUserRole and the security methods write these (see updateUser).
      disabledAt: null,
      role: null,
      securityGeneration: 0,
      // Now, unless the caller says when (an import), as the SQL adapter does.
      createdAt: user.createdAt ? validDate(user.createdAt, "createdAt") : new Date(now()),
    };
    if (emailHolder(row.email) !== undefined) throw new MemoryAdapterError("EmailTaken", operation);
    if (users.has(row.id)) throw new MemoryAdapterError("Conflict", operation);
    users.set(row.id, row);
    return row;
  }

  /**
   * Sign-up's insert: the email check and the user in one synchronous step, so of concurrent
   * sign-ups for one address exactly one creates the user; null, inserting nothing, for the others.
   */
  function insertNewUser(
    user: Omit<AdapterUser, "id">,
    operation: string,
    id: string = crypto.randomUUID(),
  ): AdapterUser | null {
    if (typeof user.email !== "string" || user.email === "") {
      throw new ConfigError(`Gatehouse memory storage: ${operation} needs the user's email`);
    }
    if (emailHolder(user.email) !== undefined) return null;
    return copyUser(insertUser({ ...user, id }, operation));
  }

  function insertAccount(account: AdapterAccount, operation: string): AdapterAccount {
    const row = accountRow(account);
    if (!users.has(row.userId) || accounts.has(accountId(row))) {
      throw new MemoryAdapterError("Conflict", operation);
    }
    accounts.set(accountId(row), row);
    return row;
  }

  /** Deletes sessions, and the record of each, as SQL's ON DELETE CASCADE does. */
  function deleteSessionsWhere(matches: (session: AdapterSession) => boolean): number {
    let deleted = 0;
    for (const [token, session] of sessions) {
      if (matches(session)) {
        sessions.delete(token);
        sessionRecords.forgetSession(token);
        deleted++;
      }
    }
    return deleted;
  }

  /** Runs `run` after every earlier call for the same account has settled: one at a time, in order. */
  function serialised<T>(key: AccountKey, run: () => Promise<T>): Promise<T> {
    const id = accountId(key);
    const result = (refreshing.get(id) ?? Promise.resolve()).then(run);
    const tail = result.catch(() => {});
    refreshing.set(id, tail);
    void tail.then(() => {
      if (refreshing.get(id) === tail) refreshing.delete(id);
    });
    return result;
  }

  // Every method does its reads and writes synchronously, inside one turn of the event loop: that is
  // this adapter's transaction. Of 100 concurrent first sign-ins one creates, the others find it.
  return {
    async createUser(user) {
      return copyUser(insertUser(user, "createUser"));
    },

    async getUser(id) {
      return copyOrNull(userOf(id), copyUser);
    },

    async getUserByEmail(email) {
      return copyOrNull(emailHolder(email), copyUser);
    },

    async getUserByAccount(key) {
      return copyOrNull(userOf(accountOf(key)?.userId), copyUser);
    },

    // Never `disabledAt`, `role`, `createdAt` nor `securityGeneration`: a stale copy of the user
    // handed back (a profile update after sign-in) must not enable a user disabled meanwhile, undo a
    // role change or move the generation back (reviving the links it voided). Only setUserDisabled,
    // setUserRole and the security methods write those.
    async updateUser({ id, ...changes }) {
      const row = users.get(id);
      if (row === undefined) throw new MemoryAdapterError("NotFound", "updateUser");
      const holder = changes.email === undefined ? undefined : emailHolder(changes.email);
      if (holder !== undefined && holder.id !== id) throw new MemoryAdapterError("EmailTaken", "updateUser");
      const emailVerified =
        changes.emailVerified === undefined || changes.emailVerified === null
          ? changes.emailVerified
          : validDate(changes.emailVerified, "emailVerified");
      if (changes.name !== undefined) row.name = changes.name;
      if (changes.email !== undefined) row.email = changes.email;
      if (changes.image !== undefined) row.image = changes.image;
      if (emailVerified !== undefined) row.emailVerified = emailVerified;
      return copyUser(row);
    },

    // Everything of the user goes with it, as ON DELETE CASCADE does in SQL — but the audit log,
    // which is the history and names users by id only.
    async deleteUser(userId) {
      const row = users.get(userId);
      if (row === undefined) return null;
      users.delete(userId);
      passwords.delete(userId);
      sessionsValidAfter.delete(userId);
      passkeys.forgetUser(userId);
      twoFactor.forgetUser(userId);
      sessionRecords.forgetUser(userId);
      for (const [id, account] of accounts) if (account.userId === userId) accounts.delete(id);
      deleteSessionsWhere((session) => session.userId === userId);
      return copyUser(row);
    },

    async linkAccount(account) {
      return copyAccount(insertAccount(account, "linkAccount"));
    },

    async unlinkAccount(key) {
      const row = accountOf(key);
      if (row === undefined) return undefined;
      accounts.delete(accountId(row));
      return copyAccount(row);
    },

    async createSession(session) {
      const row = {
        sessionToken: session.sessionToken,
        userId: session.userId,
        expires: validDate(session.expires, "expires"),
      };
      if (!users.has(row.userId) || sessions.has(row.sessionToken)) {
        throw new MemoryAdapterError("Conflict", "createSession");
      }
      sessions.set(row.sessionToken, row);
      return copySession(row);
    },

    // Expiry is the caller's decision: an expired session is returned as stored.
    async getSessionAndUser(sessionToken) {
      const session = sessions.get(sessionToken);
      const user = userOf(session?.userId);
      if (session === undefined || user === undefined) return null;
      return { session: copySession(session), user: copyUser(user) };
    },

    async updateSession({ sessionToken, ...changes }) {
      const row = sessions.get(sessionToken);
      if (row === undefined) return null;
      const expires = changes.expires === undefined ? undefined : validDate(changes.expires, "expires");
      if (changes.userId !== undefined && !users.has(changes.userId)) {
        throw new MemoryAdapterError("Conflict", "updateSession");
      }
      if (expires !== undefined) row.expires = expires;
      if (changes.userId !== undefined) row.userId = changes.userId;
      return copySession(row);
    },

    // Sign-out: the session's record goes with it.
    async deleteSession(sessionToken) {
      const row = sessions.get(sessionToken);
      if (row === undefined) return null;
      deleteSessionsWhere((session) => session === row);
      return copySession(row);
    },

    async createVerificationToken(token) {
      const row = {
        identifier: token.identifier,
        token: token.token,
        expires: validDate(token.expires, "expires"),
      };
      const id = tokenId(row);
      if (verificationTokens.has(id)) throw new MemoryAdapterError("Conflict", "createVerificationToken");
      verificationTokens.set(id, row);
      return copyVerificationToken(row);
    },

    // Both fields must match; the row is gone once returned, so of concurrent uses exactly one gets it.
    async useVerificationToken({ identifier, token }) {
      const id = tokenId({ identifier, token });
      const row = verificationTokens.get(id);
      if (row === undefined) return null;
      verificationTokens.delete(id);
      return copyVerificationToken(row);
    },

    // Both rows or neither: everything is checked before anything is written. When the account is
    // already linked (a concurrent first sign-in won), its owner is the answer, as in SQL.
    async createUserAndAccount(user, account) {
      const owner = userOf(accountOf(account)?.userId);
      if (owner !== undefined) return copyUser(owner);
      const created = insertUser(user, "createUserAndAccount");
      try {
        insertAccount({ ...account, userId: created.id }, "createUserAndAccount");
      } catch (error) {
        users.delete(created.id);
        throw error;
      }
      return copyUser(created);
    },

    async deleteExpiredSessions(now) {
      const cutoff = validDate(now, "now").getTime();
      const deleted = deleteSessionsWhere((session) => session.expires.getTime() < cutoff);
      // A jwt session's record has no session row to go with: it expires on its own.
      sessionRecords.deleteExpired(cutoff);
      for (const [id, token] of verificationTokens) {
        if (token.expires.getTime() < cutoff) verificationTokens.delete(id);
      }
      return deleted;
    },

    // With several accounts at one provider, the first linked, every time.
    async getAccountByUserId(userId, provider) {
      const found = [...accounts.values()].find(
        (account) => account.userId === userId && account.provider === provider,
      );
      return copyOrNull(found, copyAccount);
    },

    async listAccountsByUserId(userId) {
      return [...accounts.values()].filter((account) => account.userId === userId).map(copyAccount);
    },

    async updateAccountTokens(key, tokens) {
      const row = accountOf(key);
      if (row === undefined) return false;
      Object.assign(row, definedTokens(tokens));
      return true;
    },

    // The per-account chain is this adapter's row lock: a second call waits for the first to finish
    // and then reads the row the first one wrote, so a rotating refresh token is sent only once.
    refreshAccountTokens(key, refresh) {
      const lookup = { provider: key.provider, providerAccountId: key.providerAccountId };
      return serialised(lookup, async () => {
        const current = accountOf(lookup);
        if (current === undefined) return null;
        // A failing refresh rejects with its own error and writes nothing.
        const next = await refresh(copyAccount(current));
        if (next === null) return copyAccount(current);
        const written = definedTokens(next);
        const row = accountOf(lookup);
        if (row !== undefined) Object.assign(row, written);
        return copyAccount(row ?? { ...current, ...written });
      });
    },

    async getClientRegistration(key) {
      return copyOrNull(registrations.get(registrationId(key)), copyRegistration);
    },

    // Insert-if-absent: the first registration stored for a (provider, issuer) wins, later ones read it.
    async createClientRegistration(registration) {
      const id = registrationId(registration);
      if (!registrations.has(id)) {
        validDate(registration.createdAt, "createdAt");
        registrations.set(id, copyRegistration(registration));
      }
      return copyRegistration(registrations.get(id)!);
    },

    async getUserByAccountSessionState({ provider, sessionState }) {
      const account = [...accounts.values()].find(
        (row) => row.provider === provider && row.session_state === sessionState,
      );
      return copyOrNull(userOf(account?.userId), copyUser);
    },

    async deleteSessionsByUserId(userId) {
      return deleteSessionsWhere((session) => session.userId === userId);
    },

    // Sign-up: the user and the hash in the same synchronous step as the email check.
    async createUserWithPassword(user, passwordHash) {
      checkHash(passwordHash, "createUserWithPassword");
      const created = insertNewUser(user, "createUserWithPassword");
      if (created !== null) passwords.set(created.id, passwordHash);
      return created;
    },

    async getPasswordHash(userId) {
      return passwords.get(userId) ?? null;
    },

    async setPasswordHash(userId, passwordHash) {
      checkHash(passwordHash, "setPasswordHash");
      if (!users.has(userId)) throw new MemoryAdapterError("NotFound", "setPasswordHash");
      passwords.set(userId, passwordHash);
    },

    async deletePasswordHash(userId) {
      return passwords.delete(userId);
    },

    async getSessionsValidAfter(userId) {
      const at = sessionsValidAfter.get(userId);
      return at === undefined ? null : new Date(at.getTime());
    },

    // Only ever forward, as in SQL: a call carrying an earlier time never undoes a revocation.
    async setSessionsValidAfter(userId, at) {
      const time = validDate(at, "at");
      if (!users.has(userId)) throw new MemoryAdapterError("NotFound", "setSessionsValidAfter");
      const current = sessionsValidAfter.get(userId);
      if (current === undefined || current.getTime() < time.getTime()) sessionsValidAfter.set(userId, time);
    },

    // Overwrites the time, as SQL's UPDATE does; null enables. The caller ends the sessions.
    async setUserDisabled(userId, at) {
      const disabledAt = at === null ? null : validDate(at, "at");
      const row = users.get(userId);
      if (row === undefined) return null;
      row.disabledAt = disabledAt;
      return copyUser(row);
    },

    // The only write of the role, as SQL's one UPDATE: null clears it.
    async setUserRole(userId, role) {
      if (role !== null && (typeof role !== "string" || role === "")) {
        throw new ConfigError(
          "Gatehouse memory storage: setUserRole needs a non-empty role, or null for none",
        );
      }
      const row = users.get(userId);
      if (row === undefined) return null;
      row.role = role;
      return copyUser(row);
    },

    ...userAdmin,
    ...security,
    ...passkeys.methods,
    ...twoFactor.methods,
    ...sessionRecords.methods,
    ...audit.methods,

    rateLimits: createMemoryRateLimitStore({ maxEntries: 100_000 }),

    tables() {
      return {
        users: [...users.values()].map(copyUser),
        accounts: [...accounts.values()].map(copyAccount),
        sessions: [...sessions.values()].map(copySession),
        verificationTokens: [...verificationTokens.values()].map(copyVerificationToken),
        clientRegistrations: [...registrations.values()].map(copyRegistration),
        passwords: [...passwords].map(([userId, passwordHash]) => ({ userId, passwordHash })),
        passkeys: passkeys.rows(),
        ...twoFactor.rows(),
        sessionRecords: sessionRecords.rows(),
        audit: audit.rows(),
      };
    },
  };
}

// Composite keys as JSON arrays: no separator a provider id or an email could contain.
const accountId = (key: AccountKey) => JSON.stringify([key.provider, key.providerAccountId]);
const tokenId = (key: { identifier: string; token: string }) => JSON.stringify([key.identifier, key.token]);
const registrationId = (key: ClientRegistrationKey) => JSON.stringify([key.provider, key.issuer]);

/** An empty hash is a bug upstream that must not be stored as a password: misuse. */
function checkHash(hash: unknown, operation: string): void {
  if (typeof hash !== "string" || hash === "") {
    throw new ConfigError(`Gatehouse memory storage: ${operation} needs a non-empty password hash`);
  }
}

function copyUser(user: AdapterUser): AdapterUser {
  return {
    id: user.id,
    name: user.name ?? null,
    email: user.email,
    emailVerified: user.emailVerified === null ? null : new Date(user.emailVerified.getTime()),
    image: user.image ?? null,
    disabledAt: copyDate(user.disabledAt ?? null),
    role: user.role ?? null,
    createdAt: copyDate(user.createdAt ?? null),
    securityGeneration: user.securityGeneration ?? 0,
  };
}

/** Only the Auth.js fields are kept; extra token-endpoint fields are dropped, as SQL's columns do. */
function accountRow(account: AdapterAccount): AdapterAccount {
  return {
    userId: account.userId,
    type: account.type,
    provider: account.provider,
    providerAccountId: account.providerAccountId,
    refresh_token: account.refresh_token ?? null,
    access_token: account.access_token ?? null,
    expires_at: account.expires_at ?? null,
    token_type: account.token_type ?? null,
    scope: account.scope ?? null,
    id_token: account.id_token ?? null,
    session_state: account.session_state ?? null,
  };
}

const copyAccount = accountRow;

const TOKEN_FIELDS = [
  "access_token",
  "refresh_token",
  "expires_at",
  "token_type",
  "scope",
  "id_token",
] as const;

/** The token fields a write sets: an absent (undefined) field is kept, `null` clears it. */
function definedTokens(tokens: AccountTokens): AccountTokens {
  const written: Record<string, unknown> = {};
  for (const field of TOKEN_FIELDS) if (tokens[field] !== undefined) written[field] = tokens[field];
  return written as AccountTokens;
}

function copySession(session: AdapterSession): AdapterSession {
  return {
    sessionToken: session.sessionToken,
    userId: session.userId,
    expires: new Date(session.expires.getTime()),
  };
}

function copyVerificationToken(token: VerificationToken): VerificationToken {
  return { identifier: token.identifier, token: token.token, expires: new Date(token.expires.getTime()) };
}

function copyRegistration(registration: StoredClientRegistration): StoredClientRegistration {
  return {
    provider: registration.provider,
    issuer: registration.issuer,
    clientId: registration.clientId,
    clientSecret: registration.clientSecret,
    clientSecretExpiresAt: registration.clientSecretExpiresAt,
    registrationAccessToken: registration.registrationAccessToken,
    // The provider's response, copied all the way down (as the SQL adapter's JSON column does).
    metadata: structuredClone(registration.metadata),
    createdAt: new Date(registration.createdAt.getTime()),
  };
}
