import { ConfigError } from "@gatehouse/core";
import { type Adapter, userCursor } from "@gatehouse/core/adapter";
import type { SqlDatabase } from "../database.ts";
import { guard } from "./driver-errors.ts";
import { toDateColumn, toUser, userColumns } from "./rows.ts";
import { positionOf, toUserSummary, userSearchQuery } from "./user-search.ts";

export type UserAdminStore = Required<Pick<Adapter, "searchUsers" | "setUserRole" | "userStats">>;

/**
 * What the admin API and console read and write (migration 007): the user list a page at a time,
 * roles, and the overview's counts.
 */
export function userAdminStore(db: SqlDatabase): UserAdminStore {
  const { kysely } = db;
  return {
    searchUsers: (search) =>
      guard("searchUsers", async () => {
        const page = userSearchQuery(db, search);
        const { limit, sort } = page.plan;
        const rows = await page.execute();
        const last = rows.length > limit ? rows[limit - 1] : undefined;
        return {
          users: rows.slice(0, limit).map(toUserSummary),
          next: last === undefined ? null : userCursor(page.plan, positionOf(sort, last)),
        };
      }),

    // One UPDATE … RETURNING: the user as now stored, or no row for an unknown id. The only write
    // of the column (`updateUser` leaves it alone, so a stale copy of a user cannot undo a change).
    setUserRole: (userId, role) =>
      guard("setUserRole", async () => {
        if (role !== null && (typeof role !== "string" || role === "")) {
          throw new ConfigError("Gatehouse storage: setUserRole needs a non-empty role, or null for none");
        }
        const row = await kysely
          .updateTable("gh_users")
          .set({ role })
          .where("id", "=", userId)
          .returning(userColumns)
          .executeTakeFirst();
        return row === undefined ? null : toUser(row);
      }),

    userStats: (query) =>
      guard("userStats", async () => {
        const { users, sessions, events } = userStatsQueries(db, query);
        const counts = await users.executeTakeFirstOrThrow();
        const live = await sessions.executeTakeFirstOrThrow();
        const byKind = new Map((await (events?.execute() ?? [])).map((row) => [row.kind, Number(row.n)]));
        return {
          users: Number(counts.users),
          disabledUsers: Number(counts.disabled),
          activeSessions: Number(live.n),
          events: Object.fromEntries(query.kinds.map((kind) => [kind, byKind.get(kind) ?? 0])),
        };
      }),
  };
}

/**
 * The overview's statements: users and disabled users in one pass over `gh_users`; live session
 * records, a range of `gh_session_records_expires_idx`; audit entries of each kind since `since`,
 * a range of `gh_audit_kind_idx` (kind, at, id) per kind (none without kinds). Misuse (an invalid
 * date, kinds that are not non-empty strings) throws before any SQL runs.
 */
export function userStatsQueries(
  db: SqlDatabase,
  query: { now: Date; since: Date; kinds: readonly string[] },
) {
  const { kysely, dialect } = db;
  const now = toDateColumn(dialect, query.now, "now");
  const since = toDateColumn(dialect, query.since, "since");
  if (!Array.isArray(query.kinds) || !query.kinds.every((kind) => typeof kind === "string" && kind !== "")) {
    throw new ConfigError("Gatehouse storage: userStats needs kinds as an array of non-empty strings");
  }
  const kinds = [...new Set(query.kinds)];
  return {
    users: kysely
      .selectFrom("gh_users")
      .select((eb) => [eb.fn.countAll().as("users"), eb.fn.count("disabled_at").as("disabled")]),
    sessions: kysely
      .selectFrom("gh_session_records")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("expires", ">", now),
    events:
      kinds.length === 0
        ? null
        : kysely
            .selectFrom("gh_audit")
            .select((eb) => ["kind", eb.fn.countAll().as("n")])
            .where("kind", "in", kinds)
            .where("at", ">=", since)
            .groupBy("kind"),
  };
}
