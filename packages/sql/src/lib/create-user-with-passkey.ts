import { ConfigError } from "@gatehouse/core";
import type { Adapter } from "@gatehouse/core/adapter";
import type { SqlDatabase } from "../database.ts";
import { guard } from "./driver-errors.ts";
import { insertUserUnlessEmailTaken } from "./insert-user.ts";
import { checkPasskey, passkeyColumns, passkeyValues, toPasskey } from "./passkeys.ts";
import { newUserRow, toUser } from "./rows.ts";

/**
 * Passkey-only sign-up (`createUserWithPasskey`): the user, under the id core chose (already in the
 * passkey as its user handle), and their first passkey in one transaction, so a failure or a lost
 * race never leaves a user who has no way to sign in.
 *
 * Unique indexes decide between concurrent sign-ups, across instances, in this order. The user
 * insert does nothing on a taken email (PostgreSQL first waits for the transaction that holds it to
 * commit or roll back), and the answer is null with nothing written: the same address signing up
 * twice. Both databases check the email before the user's primary key, so an id that is taken too
 * still gets null. A taken user id then fails the user insert, and a stored credential id (also
 * one a concurrent sign-up committed meanwhile) the passkey insert: the transaction rolls back,
 * user included, and the `Conflict` reaches the caller. Every transaction takes the email before
 * the credential id, so two cannot deadlock.
 */
export function createUserWithPasskey(db: SqlDatabase): NonNullable<Adapter["createUserWithPasskey"]> {
  const { kysely, dialect } = db;
  return (user, passkey) =>
    guard("createUserWithPasskey", async () => {
      // Misuse, checked before any SQL. Without an email the unique index cannot tell sign-ups
      // apart, as it allows any number of NULLs.
      for (const [value, what] of [
        [user.id, "the user's id"],
        [user.email, "the user's email"],
      ] as const) {
        if (typeof value !== "string" || value === "") {
          throw new ConfigError(`Gatehouse storage: createUserWithPasskey needs ${what}`);
        }
      }
      if (passkey.userId !== user.id) {
        throw new ConfigError(
          "Gatehouse storage: createUserWithPasskey needs passkey.userId to be the user's id",
        );
      }
      checkPasskey(passkey, "createUserWithPasskey");
      const userRow = newUserRow(dialect, user);
      const values = { ...passkeyValues(dialect, passkey), user_id: user.id };
      return kysely.transaction().execute(async (trx) => {
        const row = await insertUserUnlessEmailTaken(trx, userRow);
        if (row === null) return null;
        const stored = await trx
          .insertInto("gh_passkeys")
          .values(values)
          .returning(passkeyColumns)
          .executeTakeFirstOrThrow();
        return { user: toUser(row), passkey: toPasskey(stored) };
      });
    });
}
