import { ConfigError } from "@gatehouse/core";
import type { Adapter, StoredPasskey } from "@gatehouse/core/adapter";
import type { PasskeysTable, SqlDatabase, SqlDialectName } from "../database.ts";
import { guard } from "./driver-errors.ts";
import { fromDateColumn, toDateColumn } from "./rows.ts";

export type PasskeyStore = Required<
  Pick<
    Adapter,
    "createPasskey" | "getPasskey" | "listPasskeys" | "usePasskey" | "renamePasskey" | "deletePasskey"
  >
>;

export const passkeyColumns = [
  "id",
  "user_id",
  "public_key",
  "counter",
  "transports",
  "device_type",
  "backed_up",
  "name",
  "created_at",
  "last_used_at",
] as const;

/**
 * Passkeys (migration 004), in `gh_passkeys`: a WebAuthn credential's public key, its signature
 * counter and what the account console shows. Nothing here is a secret; what must hold is that a
 * credential id belongs to one user, and that a signature counter never goes backwards.
 */
export function passkeyStore(db: SqlDatabase): PasskeyStore {
  const { kysely, dialect } = db;
  return {
    // The primary key decides: an id already stored, for any user, fails the insert itself with a
    // `Conflict` (as does an unknown user, through the foreign key), so of two registrations of one
    // credential at once exactly one is stored.
    createPasskey: (passkey) =>
      guard("createPasskey", async () => {
        checkPasskey(passkey, "createPasskey");
        if (typeof passkey.userId !== "string" || passkey.userId === "") {
          throw new ConfigError("Gatehouse storage: createPasskey needs a non-empty userId");
        }
        const row = await kysely
          .insertInto("gh_passkeys")
          .values({ ...passkeyValues(dialect, passkey), user_id: passkey.userId })
          .returning(passkeyColumns)
          .executeTakeFirstOrThrow();
        return toPasskey(row);
      }),

    getPasskey: (id) =>
      guard("getPasskey", async () => {
        const row = await kysely
          .selectFrom("gh_passkeys")
          .select(passkeyColumns)
          .where("id", "=", id)
          .executeTakeFirst();
        return row === undefined ? null : toPasskey(row);
      }),

    // The id breaks ties between passkeys created in the same millisecond, so the order is stable.
    listPasskeys: (userId) =>
      guard("listPasskeys", async () => {
        const rows = await kysely
          .selectFrom("gh_passkeys")
          .select(passkeyColumns)
          .where("user_id", "=", userId)
          .orderBy("created_at")
          .orderBy("id")
          .execute();
        return rows.map(toPasskey);
      }),

    // One conditional UPDATE: the comparison and the write cannot be split by another instance, so
    // of two sign-ins presenting the same counter (a cloned authenticator, or a replayed assertion)
    // one matches the row and the other finds the counter already moved. PostgreSQL re-checks the
    // WHERE against the row the first transaction committed before updating it. `counter = 0` is
    // the rule for authenticators that do not count: they present 0 every time, and 0 stays 0.
    usePasskey: (id, counter, usedAt) =>
      guard("usePasskey", async () => {
        checkCounter(counter, "usePasskey");
        const result = await kysely
          .updateTable("gh_passkeys")
          .set({ counter, last_used_at: toDateColumn(dialect, usedAt, "usedAt") })
          .where("id", "=", id)
          .where("counter", counter === 0 ? "=" : "<", counter)
          .executeTakeFirst();
        return result.numUpdatedRows > 0n;
      }),

    // Scoped to the user in the statement itself: an id that belongs to someone else matches nothing.
    renamePasskey: (userId, id, name) =>
      guard("renamePasskey", async () => {
        checkName(name, "renamePasskey");
        const result = await kysely
          .updateTable("gh_passkeys")
          .set({ name })
          .where("id", "=", id)
          .where("user_id", "=", userId)
          .executeTakeFirst();
        return result.numUpdatedRows > 0n;
      }),

    deletePasskey: (userId, id) =>
      guard("deletePasskey", async () => {
        const result = await kysely
          .deleteFrom("gh_passkeys")
          .where("id", "=", id)
          .where("user_id", "=", userId)
          .executeTakeFirst();
        return result.numDeletedRows > 0n;
      }),
  };
}

/**
 * A passkey's own columns (all but `user_id`) as stored: JSON transports and the dialect's
 * timestamps. An invalid Date is misuse, thrown here, before any SQL.
 */
export function passkeyValues(
  dialect: SqlDialectName,
  passkey: Omit<StoredPasskey, "userId">,
): Omit<PasskeysTable, "user_id"> {
  return {
    id: passkey.id,
    public_key: passkey.publicKey,
    counter: passkey.counter,
    transports: JSON.stringify(passkey.transports),
    device_type: passkey.deviceType,
    backed_up: passkey.backedUp,
    name: passkey.name,
    created_at: toDateColumn(dialect, passkey.createdAt, "createdAt"),
    last_used_at:
      passkey.lastUsedAt === null ? null : toDateColumn(dialect, passkey.lastUsedAt, "lastUsedAt"),
  };
}

export function toPasskey(row: PasskeysTable): StoredPasskey {
  const transports: unknown = JSON.parse(row.transports);
  return {
    id: row.id,
    userId: row.user_id,
    publicKey: row.public_key,
    // pg returns bigint as a string; a WebAuthn counter (32 bits) fits a double exactly.
    counter: Number(row.counter),
    transports: Array.isArray(transports)
      ? transports.filter((each): each is string => typeof each === "string")
      : [],
    deviceType: row.device_type === "multiDevice" ? "multiDevice" : "singleDevice",
    // PostgreSQL's boolean, or SQLite's 0/1.
    backedUp: row.backed_up === true || row.backed_up === 1,
    name: row.name,
    createdAt: fromDateColumn(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : fromDateColumn(row.last_used_at),
  };
}

// Misuse, not a storage failure (a TypeError, which `guard` passes through): core hands over what
// a verified registration produced, so anything else is a bug upstream that must not be stored.
export function checkPasskey(passkey: Omit<StoredPasskey, "userId">, operation: string): void {
  for (const field of ["id", "publicKey"] as const) {
    if (typeof passkey[field] !== "string" || passkey[field] === "") {
      throw new ConfigError(`Gatehouse storage: ${operation} needs a non-empty ${field}`);
    }
  }
  checkCounter(passkey.counter, operation);
  checkName(passkey.name, operation);
  if (!Array.isArray(passkey.transports) || !passkey.transports.every((each) => typeof each === "string")) {
    throw new ConfigError(`Gatehouse storage: ${operation} needs transports as an array of strings`);
  }
  if (passkey.deviceType !== "singleDevice" && passkey.deviceType !== "multiDevice") {
    throw new ConfigError(`Gatehouse storage: ${operation} needs deviceType "singleDevice" or "multiDevice"`);
  }
  if (typeof passkey.backedUp !== "boolean") {
    throw new ConfigError(`Gatehouse storage: ${operation} needs backedUp as a boolean`);
  }
}

/** A WebAuthn signature counter is an unsigned 32-bit integer. */
function checkCounter(counter: unknown, operation: string): void {
  if (typeof counter !== "number" || !Number.isInteger(counter) || counter < 0 || counter > 0xffff_ffff) {
    throw new ConfigError(`Gatehouse storage: ${operation} needs a counter from 0 to 2^32 - 1`);
  }
}

function checkName(name: unknown, operation: string): void {
  if (typeof name !== "string") {
    throw new ConfigError(`Gatehouse storage: ${operation} needs the passkey's name as a string`);
  }
}
