import { ConfigError } from "../errors/config-error.ts";
import type { AdapterUser, StoredPasskey } from "./adapter.ts";
import type { MemoryAdapter } from "./memory-adapter.ts";
import { MemoryAdapterError } from "./memory-adapter-error.ts";
import { checkNonEmpty, copyDate, copyOrNull, validDate } from "./memory-copies.ts";

type PasskeyMethods = Pick<
  MemoryAdapter,
  | "createPasskey"
  | "createUserWithPasskey"
  | "getPasskey"
  | "listPasskeys"
  | "usePasskey"
  | "renamePasskey"
  | "deletePasskey"
>;

/** The users table as the passkeys table sees it: its foreign key, and sign-up's insert. */
export interface MemoryUsers {
  has(userId: string): boolean;
  emailTaken(email: string): boolean;
  /**
   * Inserts a new user under `id` and returns a copy; null, inserting nothing, when the email is
   * taken. A taken id is a Conflict.
   */
  insertNew(user: Omit<AdapterUser, "id">, operation: string, id: string): AdapterUser | null;
}

/**
 * The memory adapter's passkeys table: its methods, a copy of its rows, and the cascade of a
 * deleted user.
 */
export function createMemoryPasskeys(users: MemoryUsers): {
  methods: PasskeyMethods;
  rows(): StoredPasskey[];
  forgetUser(userId: string): void;
} {
  const passkeys = new Map<string, StoredPasskey>();
  const methods: PasskeyMethods = {
    // A credential id is global, as SQL's primary key makes it: stored for any user, it is a Conflict.
    async createPasskey(passkey) {
      checkNonEmpty(passkey.userId, "createPasskey", "a non-empty userId");
      const row = { ...passkeyFields(passkey, "createPasskey"), userId: passkey.userId };
      if (!users.has(row.userId) || passkeys.has(row.id))
        throw new MemoryAdapterError("Conflict", "createPasskey");
      passkeys.set(row.id, row);
      return copyPasskey(row);
    },

    // Passkey-only sign-up: every check before any write, all in one synchronous step (this
    // adapter's transaction). A taken email is null, as SQL's ON CONFLICT DO NOTHING answers
    // first; a stored credential id or user id is a Conflict, and then nothing is written.
    async createUserWithPasskey(user, passkey) {
      const operation = "createUserWithPasskey";
      const fields = passkeyFields(passkey, operation);
      checkNonEmpty(user.id, operation, "the user's id");
      checkNonEmpty(user.email, operation, "the user's email");
      if (passkey.userId !== user.id) {
        throw new ConfigError(
          `Gatehouse memory storage: ${operation} needs passkey.userId to be the user's id`,
        );
      }
      if (users.emailTaken(user.email)) return null;
      if (passkeys.has(fields.id) || users.has(user.id)) throw new MemoryAdapterError("Conflict", operation);
      const created = users.insertNew(user, operation, user.id);
      if (created === null) return null;
      const row = { ...fields, userId: created.id };
      passkeys.set(row.id, row);
      return { user: created, passkey: copyPasskey(row) };
    },

    async getPasskey(id) {
      return copyOrNull(passkeys.get(id), copyPasskey);
    },

    // Oldest first, the id breaking ties, as SQL's ORDER BY created_at, id.
    async listPasskeys(userId) {
      return [...passkeys.values()]
        .filter((passkey) => passkey.userId === userId)
        .sort(
          (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        )
        .map(copyPasskey);
    },

    // Compared and written in one synchronous step, as SQL's conditional UPDATE: of two uses with
    // the same counter, one moves it and the other finds it moved. 0 and 0: an authenticator that
    // does not count.
    async usePasskey(id, counter, usedAt) {
      checkCounter(counter, "usePasskey");
      const time = validDate(usedAt, "usedAt");
      const row = passkeys.get(id);
      if (row === undefined || !(counter > row.counter || (counter === 0 && row.counter === 0))) return false;
      row.counter = counter;
      row.lastUsedAt = time;
      return true;
    },

    // Scoped to the user: another user's passkey id is "not found", never renamed or deleted.
    async renamePasskey(userId, id, name) {
      checkName(name, "renamePasskey");
      const row = passkeys.get(id);
      if (row === undefined || row.userId !== userId) return false;
      row.name = name;
      return true;
    },

    async deletePasskey(userId, id) {
      if (passkeys.get(id)?.userId !== userId) return false;
      return passkeys.delete(id);
    },
  };
  return {
    methods,
    rows: () => [...passkeys.values()].map(copyPasskey),
    forgetUser(userId) {
      for (const [id, passkey] of passkeys) if (passkey.userId === userId) passkeys.delete(id);
    },
  };
}

/**
 * A passkey's own fields as stored: checked (anything else is a bug upstream, not to be stored)
 * and copied.
 */
function passkeyFields(
  passkey: Omit<StoredPasskey, "userId">,
  operation: string,
): Omit<StoredPasskey, "userId"> {
  for (const field of ["id", "publicKey"] as const) {
    checkNonEmpty(passkey[field], operation, `a non-empty ${field}`);
  }
  checkCounter(passkey.counter, operation);
  checkName(passkey.name, operation);
  if (!Array.isArray(passkey.transports) || !passkey.transports.every((each) => typeof each === "string")) {
    throw new ConfigError(`Gatehouse memory storage: ${operation} needs transports as an array of strings`);
  }
  if (passkey.deviceType !== "singleDevice" && passkey.deviceType !== "multiDevice") {
    throw new ConfigError(
      `Gatehouse memory storage: ${operation} needs deviceType "singleDevice" or "multiDevice"`,
    );
  }
  if (typeof passkey.backedUp !== "boolean") {
    throw new ConfigError(`Gatehouse memory storage: ${operation} needs backedUp as a boolean`);
  }
  return {
    id: passkey.id,
    publicKey: passkey.publicKey,
    counter: passkey.counter,
    transports: [...passkey.transports],
    deviceType: passkey.deviceType,
    backedUp: passkey.backedUp,
    name: passkey.name,
    createdAt: validDate(passkey.createdAt, "createdAt"),
    lastUsedAt: passkey.lastUsedAt === null ? null : validDate(passkey.lastUsedAt, "lastUsedAt"),
  };
}

/** A WebAuthn signature counter is an unsigned 32-bit integer. */
function checkCounter(counter: unknown, operation: string): void {
  if (typeof counter !== "number" || !Number.isInteger(counter) || counter < 0 || counter > 0xffff_ffff) {
    throw new ConfigError(`Gatehouse memory storage: ${operation} needs a counter from 0 to 2^32 - 1`);
  }
}

function checkName(name: unknown, operation: string): void {
  if (typeof name !== "string") {
    throw new ConfigError(`Gatehouse memory storage: ${operation} needs the passkey's name as a string`);
  }
}

function copyPasskey(passkey: StoredPasskey): StoredPasskey {
  return {
    id: passkey.id,
    userId: passkey.userId,
    publicKey: passkey.publicKey,
    counter: passkey.counter,
    transports: [...passkey.transports],
    deviceType: passkey.deviceType,
    backedUp: passkey.backedUp,
    name: passkey.name,
    createdAt: new Date(passkey.createdAt.getTime()),
    lastUsedAt: copyDate(passkey.lastUsedAt),
  };
}
