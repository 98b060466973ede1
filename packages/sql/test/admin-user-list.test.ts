/**
 * The admin user list at 100,000 users, on SQLite and on PostgreSQL: every sort and order, every
 * filter and a search read a page from an index — the first page and one 50,000 users deep — and
 * never scan and sort the table; a walk to the end shows every user once, in the order computed
 * here without the database. Page timings are printed, not asserted.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { after, before, describe, test } from "node:test";
import { type UserSearch, type UserSummary, userCursor } from "@gatehouse/core/adapter";
import { CompiledQuery } from "kysely";
import type { SqlDatabase } from "../src/database.ts";
import { userStatsQueries } from "../src/lib/user-admin.ts";
import { userSearchQuery } from "../src/lib/user-search.ts";
import type { SqlAdapter } from "../src/sql-adapter.ts";
import {
  analyze,
  insertActivity,
  insertUsers,
  type SeededActivity,
  type SeededUser,
  seedActivity,
  seedUsers,
} from "./admin-user-list-seed.ts";
import { databasesFor, type TestDatabase } from "./integration/databases.ts";

const USERS = 100_000;
const DEEP = 50_000;
const LIMIT = 100;
const NOW = new Date(Date.UTC(2025, 6, 1));

type Sort = NonNullable<UserSearch["sort"]>;
type Order = NonNullable<UserSearch["order"]>;
const SORTS: readonly Sort[] = ["created", "email", "name"];

// The contract, computed here on its own: the email or name folded (NFKC, lower case; none as ""),
// compared as UTF-8 bytes — which is code point order — or the creation time; ties by id.
const fold = (value: string | null) => Buffer.from((value ?? "").normalize("NFKC").toLowerCase(), "utf8");

function expectedOrder(users: readonly SeededUser[], sort: Sort, order: Order): string[] {
  const keyed = users.map((user) => ({
    user,
    key: sort === "created" ? user.createdAt : fold(sort === "email" ? user.email : user.name),
    id: Buffer.from(user.id, "utf8"),
  }));
  const sign = order === "asc" ? 1 : -1;
  keyed.sort((a, b) => {
    const byKey =
      typeof a.key === "number" ? a.key - (b.key as number) : Buffer.compare(a.key, b.key as Buffer);
    return sign * (byKey !== 0 ? byKey : Buffer.compare(a.id, b.id));
  });
  return keyed.map(({ user }) => user.id);
}

/**
 * Every page to the end: the users shown, every `next` handed out, and the one once `DEEP` users
 * were shown; then how long the first page and the page at `DEEP` take (the median of 5 reads each).
 */
async function walk(adapter: SqlAdapter, search: Omit<UserSearch, "cursor" | "limit">) {
  const ids: string[] = [];
  const cursors: string[] = [];
  let cursor: string | null = null;
  let deepCursor: string | null = null;
  do {
    const page: { users: UserSummary[]; next: string | null } = await adapter.searchUsers({
      ...search,
      cursor,
      limit: LIMIT,
    });
    ids.push(...page.users.map((user) => user.id));
    cursor = page.next;
    if (cursor !== null) cursors.push(cursor);
    if (ids.length === DEEP) deepCursor = cursor;
  } while (cursor !== null);
  const timed = async (at: string | null) => {
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await adapter.searchUsers({ ...search, cursor: at, limit: LIMIT });
      runs.push(performance.now() - started);
    }
    return runs.sort((a, b) => a - b)[2];
  };
  const timings = {
    first: await timed(null),
    deep: deepCursor === null ? undefined : await timed(deepCursor),
  };
  return { ids, cursors, deepCursor, timings };
}

/** How the database would run the statement the adapter runs: one step per plan node. */
async function planOf(db: SqlDatabase, query: CompiledQuery): Promise<PlanStep[]> {
  const explain = db.dialect === "sqlite" ? "explain query plan" : "explain (format json)";
  const { rows } = await db.kysely.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]),
  );
  if (db.dialect === "sqlite") return rows.map((row) => ({ text: String(row.detail) }));
  const steps: PlanStep[] = [];
  const visit = (node: PgPlanNode) => {
    steps.push({
      text: `${node["Node Type"]} ${node["Index Name"] ?? node["Relation Name"] ?? ""}`.trim(),
      node,
    });
    for (const child of node.Plans ?? []) visit(child);
  };
  const [document] = rows[0]!["QUERY PLAN"] as [{ Plan: PgPlanNode }];
  visit(document.Plan);
  return steps;
}

interface PgPlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Plan Rows": number;
  Plans?: PgPlanNode[];
}
interface PlanStep {
  text: string;
  node?: PgPlanNode;
}

/**
 * The plan reads gh_users through an index, never the whole table; and, unless `subsetSort`, in
 * the order asked (no sort step). With `subsetSort` (a search), a sort may follow, of the rows the
 * indexes found: a range read, not a scan of the table.
 */
function assertIndexed(steps: PlanStep[], label: string, options: { subsetSort?: boolean } = {}): void {
  const plan = steps.map((step) => step.text).join(" | ");
  // SQLite names the table by its alias in the statement (`u`; `last`, a cursor's key by id).
  const usersRead = steps.filter((step) => /^(SCAN|SEARCH) (u|last)\b|gh_users/.test(step.text));
  assert.ok(usersRead.length > 0, `${label}: reads gh_users — ${plan}`);
  for (const step of usersRead) {
    // SQLite: "SCAN gh_users" alone is the table; PostgreSQL: a Seq Scan. A bitmap heap scan reads
    // the rows its bitmap index scans found.
    assert.doesNotMatch(
      step.text,
      /^SCAN (gh_users|u)$|^Seq Scan gh_users$/,
      `${label}: a table scan — ${plan}`,
    );
    if (/^Bitmap Heap Scan/.test(step.text)) continue;
    assert.match(
      step.text,
      /gh_users_\w+_idx|gh_users_pkey|PRIMARY KEY|autoindex/,
      `${label}: an index — ${plan}`,
    );
  }
  const sorts = steps.filter((step) => /TEMP B-TREE FOR ORDER BY|^Sort|^Incremental Sort/.test(step.text));
  if (!options.subsetSort) {
    assert.deepEqual(sorts, [], `${label}: read in order, no sort — ${plan}`);
    return;
  }
  // A sort, if any, takes what the ranges found: SQLite's reads are SEARCHes (ranges), never a
  // SCAN; PostgreSQL's estimate of the sorted rows is a small part of the table.
  for (const step of usersRead) assert.doesNotMatch(step.text, /^SCAN/, `${label}: a range read — ${plan}`);
  for (const sort of sorts) {
    if (sort.node === undefined) continue;
    const rows = (sort.node.Plans ?? []).reduce((sum, child) => sum + child["Plan Rows"], 0);
    assert.ok(rows < USERS / 10, `${label}: sorts ${rows} estimated rows — ${plan}`);
  }
}

const summary = (steps: PlanStep[]) =>
  steps
    .map((step) => step.text)
    .filter((text) => !/^(Limit|Result)$/.test(text))
    .join(" | ");

for (const kind of await databasesFor("the admin user list at 100,000 users")) {
  describe(`the admin user list at 100,000 users on ${kind.name}`, () => {
    let database: TestDatabase;
    let seeded: ReturnType<typeof seedUsers>;
    let activity: SeededActivity;
    before(async () => {
      database = await kind.open();
      seeded = seedUsers(USERS);
      activity = seedActivity(seeded.users, NOW.getTime());
      const started = performance.now();
      await insertUsers(database.adapter.db, seeded);
      await insertActivity(database.adapter.db, activity);
      await analyze(database.adapter.db);
      console.log(
        `${kind.name}: seeded ${USERS} users, ${activity.records.length} session records and ` +
          `${activity.entries.length} audit entries in ${Math.round(performance.now() - started)} ms`,
      );
    });
    after(() => database.close());

    const explain = async (label: string, search: UserSearch, options?: { subsetSort?: boolean }) => {
      const steps = await planOf(database.adapter.db, userSearchQuery(database.adapter.db, search).compile());
      assertIndexed(steps, label, options);
      console.log(`${kind.name} plan, ${label}: ${summary(steps)}`);
    };
    const ms = (value: number | undefined) => `${value?.toFixed(2)} ms`;

    test("every sort and order: a page is read from an index in order, first and 50,000 deep; the walk is complete and in order", async () => {
      for (const sort of SORTS) {
        for (const order of ["asc", "desc"] as const) {
          const label = `${sort} ${order}`;
          const walked = await walk(database.adapter, { sort, order });
          assert.deepEqual(walked.ids, expectedOrder(seeded.users, sort, order), label);
          console.log(
            `${kind.name} ${label}: first page ${ms(walked.timings.first)}, page at ${DEEP} ${ms(walked.timings.deep)}`,
          );
          await explain(`${label}, first page`, { sort, order, limit: LIMIT });
          await explain(`${label}, at ${DEEP}`, { sort, order, limit: LIMIT, cursor: walked.deepCursor });
          if (sort !== "created") {
            // After a user whose key is too long for a cursor: the key is read back by id.
            const cursor = userCursor({ sort, order }, { key: "m".repeat(1000), id: walked.ids[DEEP]! });
            assert.ok(cursor.length < 1000);
            await explain(`${label}, after a key too long for a cursor`, {
              sort,
              order,
              limit: LIMIT,
              cursor,
            });
          }
        }
      }
    });

    test("every filter, either way, with every sort: read from an index; a walk finds exactly the matching users", async () => {
      const filters: [string, Partial<UserSearch>, (user: SeededUser) => boolean][] = [
        ["disabled", { disabled: true }, (user) => user.disabled],
        ["enabled", { disabled: false }, (user) => !user.disabled],
        ["unverified", { unverified: true }, (user) => user.unverified],
        ["verified", { unverified: false }, (user) => !user.unverified],
        ["two-factor on", { twoFactor: true }, (user) => user.twoFactor],
        ["two-factor off", { twoFactor: false }, (user) => !user.twoFactor],
        ["role admin", { role: "admin" }, (user) => user.role === "admin"],
      ];
      for (const [name, filter, holds] of filters) {
        const walked = await walk(database.adapter, filter);
        const matching = seeded.users.filter(holds);
        assert.deepEqual(walked.ids, expectedOrder(matching, "created", "desc"), name);
        console.log(
          `${kind.name} ${name} (${matching.length} users): first page ${ms(walked.timings.first)}` +
            (walked.deepCursor === null ? "" : `, page at ${DEEP} ${ms(walked.timings.deep)}`),
        );
        for (const sort of SORTS) {
          for (const order of ["asc", "desc"] as const) {
            await explain(`${name}, ${sort} ${order}, first page`, { ...filter, sort, order, limit: LIMIT });
          }
        }
        // The middle of the matching users, whatever their number; and 50,000 deep when they reach it.
        const middle = walked.cursors[Math.floor(walked.cursors.length / 2)];
        if (middle !== undefined)
          await explain(`${name}, halfway`, { ...filter, cursor: middle, limit: LIMIT });
        if (walked.deepCursor !== null) {
          await explain(`${name}, at ${DEEP}`, { ...filter, cursor: walked.deepCursor, limit: LIMIT });
        }
      }
    });

    test("search by the start of an email or a name, any case, or an id: the ranges are read, the walk finds exactly those users", async () => {
      const byName = "émile z";
      const byEmail = "ADA.1";
      for (const q of [byName, byEmail]) {
        const prefix = q.normalize("NFKC").toLowerCase();
        const matching = seeded.users.filter(
          (user) =>
            fold(user.email).toString("utf8").startsWith(prefix) ||
            fold(user.name).toString("utf8").startsWith(prefix),
        );
        assert.ok(matching.length > 50, `${q}: ${matching.length} users, more than a page`);
        for (const sort of SORTS) {
          const walked = await walk(database.adapter, { q, sort });
          assert.deepEqual(
            walked.ids,
            expectedOrder(matching, sort, sort === "created" ? "desc" : "asc"),
            `${q} ${sort}`,
          );
          console.log(
            `${kind.name} search "${q}" by ${sort} (${matching.length} users): first page ${ms(walked.timings.first)}`,
          );
          await explain(`search "${q}", ${sort}`, { q, sort, limit: LIMIT }, { subsetSort: true });
        }
      }
      const someone = seeded.users[12_345]!;
      const byId = await database.adapter.searchUsers({ q: someone.id, limit: 10 });
      assert.deepEqual(
        byId.users.map((user) => user.id),
        [someone.id],
      );
      await explain("search by id", { q: someone.id, limit: LIMIT }, { subsetSort: true });
    });

    test("userStats: exact counts, each from an index or one pass over gh_users", async () => {
      const since = new Date(NOW.getTime() - 30 * 86_400_000);
      const kinds = ["sign-in", "sign-in-failed", "nothing-of-this-kind"];
      const started = performance.now();
      const stats = await database.adapter.userStats({ now: NOW, since, kinds });
      console.log(`${kind.name} userStats: ${ms(performance.now() - started)}`);
      assert.deepEqual(stats, {
        users: USERS,
        disabledUsers: seeded.users.filter((user) => user.disabled).length,
        activeSessions: activity.records.filter((record) => record.expires > NOW.getTime()).length,
        events: Object.fromEntries(
          kinds.map((name) => [
            name,
            activity.entries.filter((entry) => entry.kind === name && entry.at >= since.getTime()).length,
          ]),
        ),
      });
      const queries = userStatsQueries(database.adapter.db, { now: NOW, since, kinds });
      const plans = {
        users: await planOf(database.adapter.db, queries.users.compile()),
        sessions: await planOf(database.adapter.db, queries.sessions.compile()),
        events: await planOf(database.adapter.db, queries.events!.compile()),
      };
      for (const [name, steps] of Object.entries(plans))
        console.log(`${kind.name} plan, stats ${name}: ${summary(steps)}`);
      // Live sessions are most of the table (expired ones are deleted now and then), so a scan of it
      // can be the right plan there: printed, not asserted.
      assert.match(summary(plans.events), /gh_audit_kind_idx/);
      assert.doesNotMatch(summary(plans.events), /^SCAN gh_audit$|Seq Scan/);
    });
  });
}
