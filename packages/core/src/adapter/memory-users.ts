import { ConfigError } from "../errors/config-error.ts";
import type { AdapterUser, UserSummary } from "./adapter.ts";
import type { MemoryAdapter } from "./memory-adapter.ts";
import { copyDate, validDate } from "./memory-copies.ts";
import { compareCodePoints, foldKey } from "./user-keys.ts";
import {
  readUserSearch,
  truncatedBound,
  type UserPosition,
  type UserSearchPlan,
  type UserSort,
  userCursor,
} from "./user-search-plan.ts";

const STORAGE = "Gatehouse memory storage";

type AdminMethods = Pick<MemoryAdapter, "searchUsers" | "userStats">;

/** What the admin list reads of the other tables: the users, and whose two-factor is on. */
export interface MemoryUserAdminRefs {
  users(): Iterable<AdapterUser>;
  user(id: string): AdapterUser | undefined;
  twoFactorOn(userId: string): boolean;
  /** Session records with `expires` after `now` (epoch ms). */
  liveSessions(now: number): number;
  /** Audit entries of `kind` at or after `since` (epoch ms). */
  auditEntries(kind: string, since: number): number;
}

/**
 * The memory adapter's admin list and overview counts, with the SQL adapter's semantics: the same
 * checks, cursors and folded keys (`readUserSearch`, `userCursor`, `foldKey`), code point order,
 * ties broken by id, keyset pages. It sorts every matching user for each page: fine for what this
 * adapter is for.
 */
export function createMemoryUserAdmin(refs: MemoryUserAdminRefs): AdminMethods {
  return {
    async searchUsers(search) {
      const plan = readUserSearch(search, STORAGE);
      const positionOf = (user: AdapterUser): UserPosition => ({ key: keyOf(plan.sort, user), id: user.id });
      const after = plan.after === null ? null : resolved(plan.after, plan, refs);
      const direction = plan.order === "asc" ? 1 : -1;
      const page = [...refs.users()]
        .filter((user) => matches(plan, user, refs))
        .map((user) => ({ user, position: positionOf(user) }))
        .filter(({ position }) => after === null || compare(position, after) * direction > 0)
        .sort((a, b) => compare(a.position, b.position) * direction)
        .slice(0, plan.limit + 1);
      const shown = page.slice(0, plan.limit);
      const last = shown.at(-1);
      return {
        users: shown.map(({ user }) => summaryOf(user, refs.twoFactorOn(user.id))),
        next: page.length > plan.limit && last !== undefined ? userCursor(plan, last.position) : null,
      };
    },

    async userStats(query) {
      const now = validDate(query.now, "now").getTime();
      const since = validDate(query.since, "since").getTime();
      if (
        !Array.isArray(query.kinds) ||
        !query.kinds.every((kind) => typeof kind === "string" && kind !== "")
      ) {
        throw new ConfigError(`${STORAGE}: userStats needs kinds as an array of non-empty strings`);
      }
      const users = [...refs.users()];
      return {
        users: users.length,
        disabledUsers: users.filter((user) => user.disabledAt != null).length,
        activeSessions: refs.liveSessions(now),
        events: Object.fromEntries(query.kinds.map((kind) => [kind, refs.auditEntries(kind, since)])),
      };
    },
  };
}

function matches(plan: UserSearchPlan, user: AdapterUser, refs: MemoryUserAdminRefs): boolean {
  const { q } = plan;
  if (
    q !== null &&
    !foldKey(user.email).startsWith(q.folded) &&
    !foldKey(user.name).startsWith(q.folded) &&
    user.id !== q.text
  ) {
    return false;
  }
  return (
    (plan.disabled === undefined || plan.disabled === (user.disabledAt != null)) &&
    (plan.unverified === undefined || plan.unverified === (user.emailVerified === null)) &&
    (plan.twoFactor === undefined || plan.twoFactor === refs.twoFactorOn(user.id)) &&
    (plan.role === undefined || plan.role === user.role)
  );
}

function keyOf(sort: UserSort, user: AdapterUser): number | string {
  if (sort === "created") return user.createdAt?.getTime() ?? 0;
  return foldKey(sort === "email" ? user.email : user.name);
}

function compare(a: UserPosition, b: UserPosition): number {
  const byKey =
    typeof a.key === "number" && typeof b.key === "number"
      ? a.key - b.key
      : compareCodePoints(String(a.key), String(b.key));
  return byKey !== 0 ? byKey : compareCodePoints(a.id, b.id);
}

/**
 * A cursor's position as the next page starts from it: a shortened key is the user's key, read by
 * id; the user gone, `truncatedBound` (may repeat a few, never skips one).
 */
function resolved(after: UserPosition, plan: UserSearchPlan, refs: MemoryUserAdminRefs): UserPosition {
  if (!after.truncated) return after;
  const user = refs.user(after.id);
  if (user !== undefined) return { key: keyOf(plan.sort, user), id: after.id };
  return { key: truncatedBound(String(after.key), plan.order), id: after.id };
}

function summaryOf(user: AdapterUser, twoFactor: boolean): UserSummary {
  return {
    id: user.id,
    name: user.name ?? null,
    email: user.email,
    emailVerified: copyDate(user.emailVerified),
    image: user.image ?? null,
    disabledAt: copyDate(user.disabledAt ?? null),
    role: user.role ?? null,
    createdAt: copyDate(user.createdAt ?? null),
    securityGeneration: user.securityGeneration ?? 0,
    twoFactor,
  };
}
