import { ConfigError } from "@gatehouse/core";
import type { Adapter, ClaimedUser } from "@gatehouse/core/adapter";
import { foldKey } from "@gatehouse/core/adapter";
import type { SqlDatabase } from "../database.ts";
import { guard } from "./driver-errors.ts";
import { accountValues, toDateColumn, toUser, userColumns } from "./rows.ts";

export type SecurityStore = Required<Pick<Adapter, "bumpSecurityGeneration" | "claimUnverifiedUser">>;

/**
 * The security generation (`gh_users.security_generation`, migration 008) and the claim of an
 * unverified user by the owner of its address. Only these two write the column: `updateUser` leaves
 * it alone, so a stale copy of a user handed back cannot move it back and revive voided links.
 */
export function securityStore(db: SqlDatabase): SecurityStore {
  const { kysely, dialect } = db;
  return {
    // One UPDATE … RETURNING by primary key. With `expected` the WHERE is the compare-and-set: two
    // callers that read one value both try, the row lock orders them, and the second finds the
    // value moved (PostgreSQL re-checks the WHERE on the row the first committed).
    bumpSecurityGeneration: (userId, expected) =>
      guard("bumpSecurityGeneration", async () => {
        if (expected !== undefined && !Number.isSafeInteger(expected)) {
          throw new ConfigError("Gatehouse storage: bumpSecurityGeneration needs an integer expected");
        }
        let query = kysely
          .updateTable("gh_users")
          .set((eb) => ({ security_generation: eb("security_generation", "+", 1) }))
          .where("id", "=", userId);
        if (expected !== undefined) query = query.where("security_generation", "=", expected);
        const row = await query.returning("security_generation").executeTakeFirst();
        return row === undefined ? null : Number(row.security_generation);
      }),

    // One transaction. Its first statement decides and locks: it moves the generation on only while
    // the address is unverified, and hands back the name and picture as they were. A second claim
    // (another proof at the same moment, on this instance or another) waits for that row lock —
    // SQLite: for the write lock the statement takes — and then matches no row: null, nothing done.
    // Every row the unproven party could have written goes in the same transaction, so no proof
    // sees a half-claimed account.
    claimUnverifiedUser: (userId, claim) =>
      guard("claimUnverifiedUser", async () => {
        const verifiedAt = toDateColumn(dialect, claim.verifiedAt, "verifiedAt");
        const link = claim.link === null ? null : accountValues({ ...claim.link, userId });
        return kysely.transaction().execute(async (trx): Promise<ClaimedUser | null> => {
          const decided = await trx
            .updateTable("gh_users")
            .set((eb) => ({ security_generation: eb("security_generation", "+", 1) }))
            .where("id", "=", userId)
            .where("email_verified", "is", null)
            .returning(["name", "image"])
            .executeTakeFirst();
          if (decided === undefined) return null;
          const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
          const password = count(
            await trx.deleteFrom("gh_passwords").where("user_id", "=", userId).executeTakeFirst(),
          );
          const passkeys = count(
            await trx.deleteFrom("gh_passkeys").where("user_id", "=", userId).executeTakeFirst(),
          );
          await trx.deleteFrom("gh_backup_codes").where("user_id", "=", userId).execute();
          const twoFactor = count(
            await trx.deleteFrom("gh_two_factor").where("user_id", "=", userId).executeTakeFirst(),
          );
          const accounts = count(
            await trx.deleteFrom("gh_accounts").where("user_id", "=", userId).executeTakeFirst(),
          );
          // Database sessions take their records with them (ON DELETE CASCADE); what records are
          // left are jwt sessions'. Each session is counted once.
          const stored = count(
            await trx.deleteFrom("gh_sessions").where("user_id", "=", userId).executeTakeFirst(),
          );
          const jwt = count(
            await trx.deleteFrom("gh_session_records").where("user_id", "=", userId).executeTakeFirst(),
          );
          const row = await trx
            .updateTable("gh_users")
            .set((eb) => ({
              name: null,
              name_key: foldKey(null),
              image: null,
              email_verified: verifiedAt,
              // Only ever forward, as setSessionsValidAfter moves it.
              sessions_valid_after: eb
                .case()
                .when("sessions_valid_after", "is", null)
                .then(eb.val(verifiedAt))
                .when("sessions_valid_after", "<", verifiedAt)
                .then(eb.val(verifiedAt))
                .else(eb.ref("sessions_valid_after"))
                .end(),
            }))
            .where("id", "=", userId)
            .returning(userColumns)
            .executeTakeFirstOrThrow();
          // A provider account linked meanwhile to someone else fails here (the unique index):
          // the transaction rolls back, claim included, and the caller gets `Conflict`.
          if (link !== null) await trx.insertInto("gh_accounts").values(link).execute();
          return {
            user: toUser(row),
            removed: {
              password: password > 0,
              passkeys,
              twoFactor: twoFactor > 0,
              accounts,
              sessions: stored + jwt,
              profile: decided.name !== null || decided.image !== null,
            },
          };
        });
      }),
  };
}
