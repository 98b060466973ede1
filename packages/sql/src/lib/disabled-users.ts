import type { Adapter } from "@gatehouse/core/adapter";
import type { SqlDatabase } from "../database.ts";
import { guard } from "./driver-errors.ts";
import { toDateColumn, toUser, userColumns } from "./rows.ts";

/**
 * Disabling users (`gh_users.disabled_at`, migration 005). Only `setUserDisabled` writes the
 * column: `updateUser` leaves it alone, so a stale copy of a user handed back cannot enable them.
 * Ending the user's sessions is `disableUser`'s, in core.
 */
export function disabledUserStore(db: SqlDatabase): Required<Pick<Adapter, "setUserDisabled">> {
  const { kysely, dialect } = db;
  return {
    // One UPDATE … RETURNING: the user as now stored, or no row for an unknown id.
    setUserDisabled: (userId, at) =>
      guard("setUserDisabled", async () => {
        const disabledAt = at === null ? null : toDateColumn(dialect, at, "at");
        const row = await kysely
          .updateTable("gh_users")
          .set({ disabled_at: disabledAt })
          .where("id", "=", userId)
          .returning(userColumns)
          .executeTakeFirst();
        return row === undefined ? null : toUser(row);
      }),
  };
}
