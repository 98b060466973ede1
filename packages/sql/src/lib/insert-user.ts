import type { Kysely } from "kysely";
import type { Database } from "../database.ts";
import { type NewUserRow, type UserRow, userColumns } from "./rows.ts";

/**
 * A sign-up's user insert, inside its transaction: the stored row, or null with nothing written when
 * the email is taken. The unique email index decides between concurrent sign-ups for one address,
 * across instances: the insert does nothing on a taken email (PostgreSQL first waits for the
 * transaction that holds it to commit or roll back). DO NOTHING rather than catching the unique
 * violation: the loser's answer is a value, and PostgreSQL logs no error.
 */
export async function insertUserUnlessEmailTaken(
  trx: Kysely<Database>,
  row: NewUserRow,
): Promise<UserRow | null> {
  const stored = await trx
    .insertInto("gh_users")
    .values(row)
    .onConflict((oc) => oc.column("email").doNothing())
    .returning(userColumns)
    .executeTakeFirst();
  return stored ?? null;
}
