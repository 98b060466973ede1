import { ConfigError } from "@gatehouse/core";
import type { Adapter } from "@gatehouse/core/adapter";
import type { SqlDatabase } from "../database.ts";
import { StorageError } from "../storage-error.ts";
import { guard, isForeignKeyViolation, toStorageError } from "./driver-errors.ts";
import { insertUserUnlessEmailTaken } from "./insert-user.ts";
import { newUserRow, toDateColumn, toUser } from "./rows.ts";

export type PasswordStore = Required<
  Pick<Adapter, "createUserWithPassword" | "getPasswordHash" | "setPasswordHash" | "deletePasswordHash">
>;

/**
 * Password hashes (migration 003), in `gh_passwords`, apart from the user row. The adapter stores
 * what core hands it, an argon2id PHC string or an imported hash, and never sees a password.
 */
export function passwordStore(db: SqlDatabase): PasswordStore {
  const { kysely, dialect } = db;

  return {
    // Sign-up. On a taken email (the unique index decides between concurrent sign-ups) the user
    // insert does nothing, and then no password row is written either.
    createUserWithPassword: (user, passwordHash) =>
      guard("createUserWithPassword", async () => {
        checkEmail(user.email, "createUserWithPassword");
        checkHash(passwordHash, "createUserWithPassword");
        // Always an id of ours: the caller's user has none.
        const userRow = newUserRow(dialect, { ...user, id: crypto.randomUUID() });
        const updatedAt = toDateColumn(dialect, new Date(), "updatedAt");
        return kysely.transaction().execute(async (trx) => {
          const row = await insertUserUnlessEmailTaken(trx, userRow);
          if (row === null) return null;
          await trx
            .insertInto("gh_passwords")
            .values({ user_id: row.id, hash: passwordHash, updated_at: updatedAt })
            .execute();
          return toUser(row);
        });
      }),

    getPasswordHash: (userId) =>
      guard("getPasswordHash", async () => {
        const row = await kysely
          .selectFrom("gh_passwords")
          .select("hash")
          .where("user_id", "=", userId)
          .executeTakeFirst();
        return row?.hash ?? null;
      }),

    // One UPSERT. The foreign key finds an unknown user (also one another instance deleted a moment
    // ago), so there is no read-then-write window in which a hash could outlive its user.
    setPasswordHash: (userId, passwordHash) =>
      guard("setPasswordHash", async () => {
        checkHash(passwordHash, "setPasswordHash");
        const updatedAt = toDateColumn(dialect, new Date(), "updatedAt");
        try {
          await kysely
            .insertInto("gh_passwords")
            .values({ user_id: userId, hash: passwordHash, updated_at: updatedAt })
            .onConflict((oc) =>
              oc.column("user_id").doUpdateSet((eb) => ({
                hash: eb.ref("excluded.hash"),
                updated_at: eb.ref("excluded.updated_at"),
              })),
            )
            .execute();
        } catch (error) {
          const wrapped = toStorageError(error, "setPasswordHash");
          throw isForeignKeyViolation(wrapped)
            ? new StorageError("NotFound", { operation: "setPasswordHash" })
            : wrapped;
        }
      }),

    deletePasswordHash: (userId) =>
      guard("deletePasswordHash", async () => {
        const result = await kysely
          .deleteFrom("gh_passwords")
          .where("user_id", "=", userId)
          .executeTakeFirst();
        return result.numDeletedRows > 0n;
      }),
  };
}

// Misuse, not a storage failure (a TypeError, which `guard` passes through). Without an email the
// unique index cannot tell sign-ups apart, as it allows any number of NULLs; an empty hash is a bug
// upstream that must not be stored as a password.
function checkEmail(email: unknown, operation: string): void {
  if (typeof email !== "string" || email === "") {
    throw new ConfigError(`Gatehouse storage: ${operation} needs the user's email`);
  }
}

function checkHash(hash: unknown, operation: string): void {
  if (typeof hash !== "string" || hash === "") {
    throw new ConfigError(`Gatehouse storage: ${operation} needs a non-empty password hash`);
  }
}
