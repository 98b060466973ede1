import { ConfigError } from "../errors/config-error.ts";
import type { AdapterSession, StoredSessionRecord } from "./adapter.ts";
import type { MemoryAdapter } from "./memory-adapter.ts";
import { MemoryAdapterError } from "./memory-adapter-error.ts";
import { checkNonEmpty, validDate } from "./memory-copies.ts";

type SessionRecordMethods = Pick<
  MemoryAdapter,
  | "createSessionRecord"
  | "listSessionRecords"
  | "listSessionRecordIds"
  | "touchSessionRecord"
  | "deleteSessionRecord"
  | "deleteSessionRecords"
>;

/** The tables a session record refers to: users (its owner) and sessions (a database session's row). */
export interface MemorySessionRecordRefs {
  hasUser(userId: string): boolean;
  hasSession(sessionTokenHash: string): boolean;
  /** Stores a new `sessions` row: a database session's, written with its record. */
  insertSession(row: AdapterSession): void;
  /** Deletes a `sessions` row (a revoked database session); its record's cascade is this table's. */
  deleteSession(sessionTokenHash: string): void;
  /** The user's `sessions` rows, by token hash. */
  sessionsOf(userId: string): string[];
}

/**
 * The memory adapter's session records (what the account console lists): their methods, a copy of
 * their rows, and the cascades the SQL foreign keys make — a deleted user takes their records, and
 * a deleted database session (sign-out, expiry, back-channel logout) takes its record.
 */
export function createMemorySessionRecords(refs: MemorySessionRecordRefs): {
  methods: SessionRecordMethods;
  rows(): StoredSessionRecord[];
  forgetUser(userId: string): void;
  /** The cascade of a deleted `sessions` row. */
  forgetSession(sessionTokenHash: string): void;
  /** Deletes the records that expired before `cutoff` (epoch ms), as `deleteExpiredSessions` does. */
  deleteExpired(cutoff: number): void;
  /** How many records are live at `now` (epoch ms): `expires > now`, as `listSessionRecords` reads them. */
  countLive(now: number): number;
} {
  const records = new Map<string, StoredSessionRecord>();
  // sessionTokenHash → record id: SQL's unique index on the link, and the cascade's lookup.
  const bySession = new Map<string, string>();

  const remove = (record: StoredSessionRecord) => {
    records.delete(record.id);
    if (record.sessionTokenHash !== null) bySession.delete(record.sessionTokenHash);
  };
  const liveOf = (userId: string, now: Date) => {
    const time = validDate(now, "now").getTime();
    return [...records.values()].filter(
      (record) => record.userId === userId && record.expires.getTime() > time,
    );
  };

  const methods: SessionRecordMethods = {
    // A database session's record brings its `sessions` row, both or neither, as SQL's transaction
    // does. The checks SQL's keys make: a taken id, an unknown user, a token hash already stored
    // are each a Conflict, and nothing is written.
    async createSessionRecord(record) {
      const row = recordFields(record);
      const hash = row.sessionTokenHash;
      if (records.has(row.id) || !refs.hasUser(row.userId) || (hash !== null && refs.hasSession(hash))) {
        throw new MemoryAdapterError("Conflict", "createSessionRecord");
      }
      if (hash !== null) {
        refs.insertSession({
          sessionToken: hash,
          userId: row.userId,
          expires: new Date(row.expires.getTime()),
        });
        bySession.set(hash, row.id);
      }
      records.set(row.id, row);
    },

    // Most recently active first; the id breaks ties, as SQL's ORDER BY last_active_at DESC, id DESC.
    async listSessionRecords(userId, now) {
      return liveOf(userId, now)
        .sort(
          (a, b) =>
            b.lastActiveAt.getTime() - a.lastActiveAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
        )
        .map(copyRecord);
    },

    async listSessionRecordIds(userId, now) {
      return liveOf(userId, now).map((record) => record.id);
    },

    // Only ever forward, as SQL's greatest(): of two instances renewing at once, the later time
    // stays, and a late write never shortens the session a jwt's `sid` is checked against.
    async touchSessionRecord(id, at, expires) {
      const activeAt = validDate(at, "at");
      const until = validDate(expires, "expires");
      const row = records.get(id);
      if (row === undefined) return false;
      if (activeAt > row.lastActiveAt) row.lastActiveAt = activeAt;
      if (until > row.expires) row.expires = until;
      return true;
    },

    // Scoped to the user: another user's record id is "not found", never deleted.
    async deleteSessionRecord(userId, id) {
      const row = records.get(id);
      if (row === undefined || row.userId !== userId) return null;
      remove(row);
      if (row.sessionTokenHash !== null) refs.deleteSession(row.sessionTokenHash);
      return copyRecord(row);
    },

    // Every database session of the user goes but the kept record's, also one without a record
    // (stored before records were, or by an older instance): "sign out everywhere else" must leave
    // no session the console cannot show.
    async deleteSessionRecords(userId, keepId) {
      const kept = keepId === null ? undefined : records.get(keepId);
      const keptHash = kept?.userId === userId ? kept.sessionTokenHash : null;
      let deleted = 0;
      for (const row of [...records.values()]) {
        if (row.userId === userId && row.id !== keepId) {
          remove(row);
          deleted++;
        }
      }
      for (const hash of refs.sessionsOf(userId)) if (hash !== keptHash) refs.deleteSession(hash);
      return deleted;
    },
  };

  return {
    methods,
    rows: () => [...records.values()].map(copyRecord),
    forgetUser(userId) {
      for (const row of [...records.values()]) if (row.userId === userId) remove(row);
    },
    forgetSession(sessionTokenHash) {
      const id = bySession.get(sessionTokenHash);
      const row = id === undefined ? undefined : records.get(id);
      if (row !== undefined) remove(row);
    },
    deleteExpired(cutoff) {
      for (const row of [...records.values()]) if (row.expires.getTime() < cutoff) remove(row);
    },
    countLive(now) {
      let live = 0;
      for (const row of records.values()) if (row.expires.getTime() > now) live++;
      return live;
    },
  };
}

/** A record's fields as stored: checked (anything else is a bug upstream) and copied. */
function recordFields(record: StoredSessionRecord): StoredSessionRecord {
  const operation = "createSessionRecord";
  checkNonEmpty(record.id, operation, "a non-empty id");
  checkNonEmpty(record.userId, operation, "a non-empty userId");
  checkNonEmpty(record.method, operation, "the sign-in method");
  if (record.sessionTokenHash !== null)
    checkNonEmpty(record.sessionTokenHash, operation, "a token hash or null");
  for (const field of ["ip", "userAgent"] as const) {
    if (record[field] !== null && typeof record[field] !== "string") {
      throw new ConfigError(`Gatehouse memory storage: ${operation} needs ${field} as a string or null`);
    }
  }
  // Absent (a caller from before it) is stored as null, as SQL's nullable column stores it.
  const secondFactor = record.secondFactor ?? null;
  if (secondFactor !== null) checkNonEmpty(secondFactor, operation, "the second factor or null");
  return {
    id: record.id,
    userId: record.userId,
    sessionTokenHash: record.sessionTokenHash,
    createdAt: validDate(record.createdAt, "createdAt"),
    lastActiveAt: validDate(record.lastActiveAt, "lastActiveAt"),
    expires: validDate(record.expires, "expires"),
    ip: record.ip,
    userAgent: record.userAgent,
    method: record.method,
    secondFactor,
  };
}

function copyRecord(record: StoredSessionRecord): StoredSessionRecord {
  return {
    ...record,
    createdAt: new Date(record.createdAt.getTime()),
    lastActiveAt: new Date(record.lastActiveAt.getTime()),
    expires: new Date(record.expires.getTime()),
  };
}
