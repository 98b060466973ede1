import {
  readUserSearch,
  truncatedBound,
  type UserPosition,
  type UserSearch,
  type UserSearchPlan,
  type UserSort,
  type UserSummary,
} from "@gatehouse/core/adapter";
import { type CompiledQuery, sql } from "kysely";
import type { DateColumn, SqlDatabase } from "../database.ts";
import { fromDateColumn, joinedUserColumns, toDateColumn, toUser, type UserRow } from "./rows.ts";

/** The column each sort orders by; the id breaks ties (migration 007 indexes each pair). */
const SORT_COLUMN = { created: "created_at", email: "email_key", name: "name_key" } as const;

/** A row of a page: the user, the user id of their two-factor row if it is on, and the sort's key. */
export type UserSummaryRow = UserRow & {
  two_factor_id: string | null;
  email_key?: string;
  name_key?: string;
};

/** One page's statement, built once: run it, or compile it (to EXPLAIN it in a test). */
export interface UserSearchPage {
  plan: UserSearchPlan;
  execute(): Promise<UserSummaryRow[]>;
  compile(): CompiledQuery<UserSummaryRow>;
}

/**
 * The statement that reads one page of the admin user list: `limit + 1` users (the extra one says
 * whether there is a next page) matching the search, in its order, after its cursor. Misuse throws
 * a `ConfigError` before any SQL is built (see `readUserSearch`).
 *
 * Keyset pagination: the next page is what sorts after the last user's `(key, id)`, a range of the
 * sort's index, so a page costs the same at any depth. For a sort alone, and a sort with one of
 * the role, disabled or unverified filters, an index holds exactly the matching users in that
 * order (migration 007); the enabled and verified filters skip the few others on the way.
 *
 * Whether two-factor is on is a LEFT JOIN on `gh_two_factor`'s primary key (one row per user at
 * most): a lookup per user read. Not EXISTS in the select list, which PostgreSQL plans as a hash of
 * the whole table, built for every page. The two-factor filter tests the same row, by key, for
 * each user the sort's index yields.
 *
 * Search text is a range of the email key's index, one of the name key's, and the primary key,
 * OR-ed, read first (a MATERIALIZED common table expression) and then sorted: its cost is the
 * users found. Left to themselves, the planners may instead walk the sort's index from its start
 * and test each user — they take matches to be spread evenly along it, when a name search's sit
 * together — which reads most of the table before the first match of a name sort.
 */
export function userSearchQuery(db: SqlDatabase, search: UserSearch): UserSearchPage {
  const plan = readUserSearch(search, "Gatehouse storage");
  const { kysely, dialect } = db;
  const column = SORT_COLUMN[plan.sort];
  const { q, after } = plan;

  let query = kysely
    .selectFrom("gh_users as u")
    .leftJoin("gh_two_factor as t", (join) =>
      join.onRef("t.user_id", "=", "u.id").on("t.enabled_at", "is not", null),
    )
    .select([...joinedUserColumns, "t.user_id as two_factor_id"]);
  if (column !== "created_at") query = query.select(`u.${column}`);
  if (q !== null) {
    query = query.where((eb) => {
      const prefixOf = (key: "u.email_key" | "u.name_key") =>
        q.upper === null ? eb(key, ">=", q.folded) : eb.and([eb(key, ">=", q.folded), eb(key, "<", q.upper)]);
      return eb.or([prefixOf("u.email_key"), prefixOf("u.name_key"), eb("u.id", "=", q.text)]);
    });
  }
  if (plan.disabled !== undefined)
    query = query.where("u.disabled_at", plan.disabled ? "is not" : "is", null);
  if (plan.unverified !== undefined) {
    query = query.where("u.email_verified", plan.unverified ? "is" : "is not", null);
  }
  if (plan.twoFactor === false) query = query.where("t.user_id", "is", null);
  if (plan.twoFactor === true) {
    // EXISTS, not `t.user_id IS NOT NULL`: SQLite turns that LEFT JOIN into an inner join driven
    // from gh_two_factor, and sorts every user with two-factor for each page.
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("gh_two_factor as enabled")
          .select("enabled.user_id")
          .whereRef("enabled.user_id", "=", "u.id")
          .where("enabled.enabled_at", "is not", null),
      ),
    );
  }
  if (plan.role !== undefined) query = query.where("u.role", "=", plan.role);
  if (after !== null) {
    const op = plan.order === "asc" ? ">" : "<";
    const key = `u.${column}` as const;
    if (typeof after.key === "number") {
      const at = toDateColumn(dialect, new Date(after.key), "cursor");
      query = query.where((eb) => eb(eb.refTuple(key, "u.id"), op, eb.tuple(at, after.id)));
    } else if (!after.truncated) {
      const value = after.key;
      query = query.where((eb) => eb(eb.refTuple(key, "u.id"), op, eb.tuple(value, after.id)));
    } else {
      // The key by the id (one primary key read, done once); the user gone, a bound that keeps
      // every user after them: their key's start ascending, the end of its range descending.
      const bound = truncatedBound(after.key, plan.order);
      query = query.where((eb) =>
        eb(
          eb.refTuple(key, "u.id"),
          op,
          eb.tuple(
            eb.fn.coalesce(
              eb.selectFrom("gh_users as last").select(`last.${column}`).where("last.id", "=", after.id),
              eb.val(bound),
            ),
            after.id,
          ),
        ),
      );
    }
  }

  const statement =
    q === null
      ? query
          .orderBy(`u.${column}`, plan.order)
          .orderBy("u.id", plan.order)
          .limit(plan.limit + 1)
      : kysely
          .with(
            (cte) => cte("found").materialized(),
            () => query,
          )
          .selectFrom("found")
          .selectAll()
          // The sort key is one of the columns the search selected (the type does not know which).
          .orderBy(sql.ref(column), plan.order)
          .orderBy("id", plan.order)
          .limit(plan.limit + 1);
  return {
    plan,
    execute: () => statement.execute() as Promise<UserSummaryRow[]>,
    compile: () => statement.compile() as CompiledQuery<UserSummaryRow>,
  };
}

/** Where `row` stands in the plan's sort: what the next page's cursor names. */
export function positionOf(sort: UserSort, row: UserSummaryRow): UserPosition {
  const key =
    sort === "created"
      ? fromDateColumn(row.created_at as DateColumn).getTime()
      : (sort === "email" ? row.email_key : row.name_key)!;
  return { key, id: row.id };
}

export function toUserSummary(row: UserSummaryRow): UserSummary {
  const user = toUser(row);
  return {
    ...user,
    role: user.role ?? null,
    createdAt: user.createdAt ?? null,
    disabledAt: user.disabledAt ?? null,
    twoFactor: row.two_factor_id !== null,
  };
}
