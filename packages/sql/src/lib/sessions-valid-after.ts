import type { Adapter } from "@gatehouse/core/adapter";
import type { SqlDatabase } from "../database.ts";
import { StorageError } from "../storage-error.ts";
import { guard } from "./driver-errors.ts";
import { fromDateColumn, toDateColumn } from "./rows.ts";

export type SessionsValidAfterStore = Required<
  Pick<Adapter, "getSessionsValidAfter" | "setSessionsValidAfter">
>;

/**
 * When a user's jwt sessions were last voided (`gh_users.sessions_valid_after`, migration 003). Core
 * reads it by primary key at most once a second per user and instance, and writes it on a password
 * change or reset.
 */
export function sessionsValidAfterStore(db: SqlDatabase): SessionsValidAfterStore {
  const { kysely, dialect } = db;
  return {
    getSessionsValidAfter: (userId) =>
      guard("getSessionsValidAfter", async () => {
        const row = await kysely
          .selectFrom("gh_users")
          .select("sessions_valid_after")
          .where("id", "=", userId)
          .executeTakeFirst();
        const at = row?.sessions_valid_after ?? null;
        return at === null ? null : fromDateColumn(at);
      }),

    // The time only ever moves forward: two revocations that race (two instances, skewed clocks)
    // keep the later one, so a revocation is never undone by a call that carries an earlier time.
    // One statement; it matches the row whether or not it changes it, so 0 rows is an unknown user.
    setSessionsValidAfter: (userId, at) =>
      guard("setSessionsValidAfter", async () => {
        const value = toDateColumn(dialect, at, "at");
        const result = await kysely
          .updateTable("gh_users")
          .set((eb) => ({
            sessions_valid_after: eb
              .case()
              .when("sessions_valid_after", "is", null)
              .then(eb.val(value))
              .when("sessions_valid_after", "<", value)
              .then(eb.val(value))
              .else(eb.ref("sessions_valid_after"))
              .end(),
          }))
          .where("id", "=", userId)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) {
          throw new StorageError("NotFound", { operation: "setSessionsValidAfter" });
        }
      }),
  };
}
