import { ConfigError } from "@gatehouse/core";
import type { Adapter, StoredTwoFactor } from "@gatehouse/core/adapter";
import type { Transaction } from "kysely";
import type { Database, SqlDatabase, TwoFactorTable } from "../database.ts";
import { StorageError } from "../storage-error.ts";
import { guard, isForeignKeyViolation, toStorageError } from "./driver-errors.ts";
import { fromDateColumn, toDateColumn } from "./rows.ts";

export type TwoFactorStore = Required<
  Pick<
    Adapter,
    | "getTwoFactor"
    | "startTwoFactor"
    | "enableTwoFactor"
    | "deleteTwoFactor"
    | "useTotpStep"
    | "replaceBackupCodes"
    | "useBackupCode"
    | "countBackupCodes"
    | "backupCodeUsed"
  >
>;

/**
 * Two-factor authentication (migration 004): the TOTP enrolment in `gh_two_factor` (its secret
 * sealed by core) and the backup codes in `gh_backup_codes` (hashes only). A code of either kind is
 * accepted once, and the statement that accepts it is the one that records it, so two instances
 * checking the same code at the same moment cannot both accept it.
 *
 * The writes that take more than one statement (start, turn off, replace the codes) run one at a
 * time per user; otherwise two replacements at once could each delete the old codes and each insert
 * theirs, leaving both new sets valid.
 */
export function twoFactorStore(db: SqlDatabase): TwoFactorStore {
  const { kysely, dialect } = db;

  /**
   * Runs `write` in a transaction that no other `perUser` write of the same user overlaps.
   * PostgreSQL: the user's row is locked first (FOR NO KEY UPDATE, which other tables' foreign-key
   * checks do not wait for), and `exists` says whether there was one. SQLite has one writer at a
   * time, and every `write` here starts with a write statement, which takes that lock (a read first
   * could fail with SQLITE_BUSY_SNAPSHOT if another connection wrote in between); `exists` is then
   * always true, and an unknown user is found by the foreign keys or by `requireUser`.
   */
  const perUser = <T>(userId: string, write: (trx: Transaction<Database>, exists: boolean) => Promise<T>) =>
    kysely.transaction().execute(async (trx) => {
      if (dialect === "sqlite") return write(trx, true);
      const user = await trx
        .selectFrom("gh_users")
        .select("id")
        .where("id", "=", userId)
        .forNoKeyUpdate()
        .executeTakeFirst();
      return write(trx, user !== undefined);
    });

  return {
    getTwoFactor: (userId) =>
      guard("getTwoFactor", async () => {
        const row = await kysely
          .selectFrom("gh_two_factor")
          .selectAll()
          .where("user_id", "=", userId)
          .executeTakeFirst();
        return row === undefined ? null : toTwoFactor(row);
      }),

    // Restarting forgets everything of the earlier enrolment: a half-finished set-up on another
    // device, its used step and its backup codes must not carry over to the new secret.
    startTwoFactor: (userId, sealedSecret) =>
      guard("startTwoFactor", async () => {
        checkNonEmpty(sealedSecret, "startTwoFactor", "a non-empty sealed secret");
        try {
          await perUser(userId, async (trx, exists) => {
            if (!exists) throw new StorageError("NotFound", { operation: "startTwoFactor" });
            await trx
              .insertInto("gh_two_factor")
              .values({ user_id: userId, secret: sealedSecret, enabled_at: null, last_used_step: null })
              .onConflict((oc) =>
                oc.column("user_id").doUpdateSet((eb) => ({
                  secret: eb.ref("excluded.secret"),
                  enabled_at: null,
                  last_used_step: null,
                })),
              )
              .execute();
            await trx.deleteFrom("gh_backup_codes").where("user_id", "=", userId).execute();
          });
        } catch (error) {
          throw notFoundIfNoUser(error, "startTwoFactor");
        }
      }),

    // The time of the first confirmation is kept: a second confirmation racing the first (two
    // tabs) turns nothing on that is not already on, and returns true all the same.
    enableTwoFactor: (userId, at) =>
      guard("enableTwoFactor", async () => {
        const value = toDateColumn(dialect, at, "at");
        const result = await kysely
          .updateTable("gh_two_factor")
          .set((eb) => ({ enabled_at: eb.fn.coalesce("enabled_at", eb.val(value)) }))
          .where("user_id", "=", userId)
          .executeTakeFirst();
        return result.numUpdatedRows > 0n;
      }),

    deleteTwoFactor: (userId) =>
      guard("deleteTwoFactor", () =>
        perUser(userId, async (trx) => {
          const result = await trx
            .deleteFrom("gh_two_factor")
            .where("user_id", "=", userId)
            .executeTakeFirst();
          await trx.deleteFrom("gh_backup_codes").where("user_id", "=", userId).execute();
          return result.numDeletedRows > 0n;
        }),
      ),

    // One conditional UPDATE, as with a passkey's counter: of two uses of the same step, PostgreSQL
    // makes the second wait for the first's row lock and then re-checks the WHERE against the step
    // the first wrote; SQLite runs them one after the other. Either way only one matches.
    useTotpStep: (userId, step) =>
      guard("useTotpStep", async () => {
        if (!Number.isSafeInteger(step) || step < 0) {
          throw new ConfigError("Gatehouse storage: useTotpStep needs the step as a non-negative integer");
        }
        const result = await kysely
          .updateTable("gh_two_factor")
          .set({ last_used_step: step })
          .where("user_id", "=", userId)
          .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
          .executeTakeFirst();
        return result.numUpdatedRows > 0n;
      }),

    replaceBackupCodes: (userId, codeHashes) =>
      guard("replaceBackupCodes", async () => {
        for (const hash of codeHashes) checkNonEmpty(hash, "replaceBackupCodes", "non-empty code hashes");
        try {
          await perUser(userId, async (trx, exists) => {
            if (!exists) throw new StorageError("NotFound", { operation: "replaceBackupCodes" });
            await trx.deleteFrom("gh_backup_codes").where("user_id", "=", userId).execute();
            if (codeHashes.length > 0) {
              await trx
                .insertInto("gh_backup_codes")
                .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
                .execute();
            } else if (dialect === "sqlite") {
              await requireUser(trx, userId, "replaceBackupCodes");
            }
          });
        } catch (error) {
          throw notFoundIfNoUser(error, "replaceBackupCodes");
        }
      }),

    // The row stays, marked used, rather than being deleted: `countBackupCodes` and a later
    // `replaceBackupCodes` see the same set, and a used code is still found, and refused.
    backupCodeUsed: (userId, codeHash) =>
      guard("backupCodeUsed", async () => {
        const row = await kysely
          .selectFrom("gh_backup_codes")
          .select("user_id")
          .where("user_id", "=", userId)
          .where("code_hash", "=", codeHash)
          .where("used_at", "is not", null)
          .executeTakeFirst();
        return row !== undefined;
      }),
    useBackupCode: (userId, codeHash) =>
      guard("useBackupCode", async () => {
        const usedAt = toDateColumn(dialect, new Date(), "usedAt");
        const result = await kysely
          .updateTable("gh_backup_codes")
          .set({ used_at: usedAt })
          .where("user_id", "=", userId)
          .where("code_hash", "=", codeHash)
          .where("used_at", "is", null)
          .executeTakeFirst();
        return result.numUpdatedRows > 0n;
      }),

    countBackupCodes: (userId) =>
      guard("countBackupCodes", async () => {
        const row = await kysely
          .selectFrom("gh_backup_codes")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("user_id", "=", userId)
          .where("used_at", "is", null)
          .executeTakeFirstOrThrow();
        return Number(row.n);
      }),
  };
}

/** On SQLite, inside a transaction that already holds the write lock: NotFound for an unknown user. */
async function requireUser(trx: Transaction<Database>, userId: string, operation: string): Promise<void> {
  const user = await trx.selectFrom("gh_users").select("id").where("id", "=", userId).executeTakeFirst();
  if (user === undefined) throw new StorageError("NotFound", { operation });
}

/** A foreign-key violation here can only be the user's: an unknown (or just deleted) user is NotFound. */
function notFoundIfNoUser(error: unknown, operation: string): StorageError {
  const wrapped = toStorageError(error, operation);
  return isForeignKeyViolation(wrapped) ? new StorageError("NotFound", { operation }) : wrapped;
}

function toTwoFactor(row: TwoFactorTable): StoredTwoFactor {
  return {
    userId: row.user_id,
    secret: row.secret,
    enabledAt: row.enabled_at === null ? null : fromDateColumn(row.enabled_at),
    // pg returns bigint as a string; a TOTP step (seconds / 30) fits a double exactly.
    lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
  };
}

// Misuse, not a storage failure (a TypeError, which `guard` passes through).
function checkNonEmpty(value: unknown, operation: string, what: string): void {
  if (typeof value !== "string" || value === "") {
    throw new ConfigError(`Gatehouse storage: ${operation} needs ${what}`);
  }
}
