import type { AdapterAccount, AdapterUser } from "@gatehouse/core/adapter";
import type { SqlDatabase } from "../database.ts";
import { toStorageError } from "./driver-errors.ts";
import { accountValues, newUserRow, toUser, userColumns } from "./rows.ts";

interface Options {
  db: SqlDatabase;
  user: Omit<AdapterUser, "id"> & { id?: string };
  account: Omit<AdapterAccount, "userId">;
  getUserByAccount(key: Pick<AdapterAccount, "provider" | "providerAccountId">): Promise<AdapterUser | null>;
}

/**
 * First sign-in: user and account are written in one transaction, so a crash or a lost race never
 * leaves a user without the account that should own it. Two tabs finishing the same first OAuth
 * sign-in race here; the loser's insert hits a unique index (PostgreSQL makes it wait for the
 * winner's commit first), its transaction rolls back, and it returns the winner's user.
 */
export async function createUserAndAccount({
  db,
  user,
  account,
  getUserByAccount,
}: Options): Promise<AdapterUser> {
  const { kysely, dialect } = db;
  const userRow = newUserRow(dialect, user);
  try {
    return await kysely.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("gh_users")
        .values(userRow)
        .returning(userColumns)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("gh_accounts")
        .values(accountValues({ ...account, userId: row.id }))
        .execute();
      return toUser(row);
    });
  } catch (error) {
    const wrapped = toStorageError(error, "createUserAndAccount");
    if (wrapped.code !== "EmailTaken" && wrapped.code !== "Conflict") throw wrapped;
    // Outside the rolled-back transaction: on SQLite it held the only connection.
    const owner = await getUserByAccount(account);
    if (owner !== null) return owner;
    throw wrapped;
  }
}
