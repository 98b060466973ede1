import assert from "node:assert/strict";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { createPostgresTestSchema, postgresUnavailable } from "@gatehouse/adapter-conformance";
import { migrate } from "../src/migrate.ts";
import { createPostgresAdapter } from "../src/postgres/create-postgres-adapter.ts";
import type { SqlAdapter } from "../src/sql-adapter.ts";
import { createSqliteAdapter } from "../src/sqlite/create-sqlite-adapter.ts";
import { tempDir } from "./helpers.ts";

/** listUsers (the CLI's `users list`), for one dialect; `open` gives an empty, migrated database. */
function listUsersCases(open: () => Promise<SqlAdapter>): void {
  test("pages through every user once, in id order, with the last id as the cursor", async () => {
    const adapter = await open();
    const created = [];
    for (let i = 0; i < 7; i++) {
      created.push(
        await adapter.createUser({ email: `u${i}@example.test`, name: `U ${i}`, emailVerified: null }),
      );
    }
    const seen: string[] = [];
    const sizes: number[] = [];
    let after: string | undefined;
    do {
      const page = await adapter.listUsers({ limit: 3, after });
      sizes.push(page.users.length);
      seen.push(...page.users.map((user) => user.id));
      assert.equal(page.next, page.next === null ? null : page.users.at(-1)?.id, "next is the last id");
      after = page.next ?? undefined;
    } while (after !== undefined);
    assert.deepEqual(sizes, [3, 3, 1]);
    assert.deepEqual(seen, [...seen].sort(), "id order");
    assert.deepEqual(new Set(seen), new Set(created.map((user) => user.id)), "each user once");
    const { users } = await adapter.listUsers({ limit: 1 });
    assert.deepEqual(users, [created.find((user) => user.id === seen[0])]);
    await adapter.close();
  });

  test("an empty table is an empty last page; a cursor past the end too; a full last page has no next", async () => {
    const adapter = await open();
    assert.deepEqual(await adapter.listUsers({ limit: 10 }), { users: [], next: null });
    const only = await adapter.createUser({ email: "only@example.test", emailVerified: null });
    assert.deepEqual(await adapter.listUsers({ limit: 1 }), { users: [only], next: null });
    assert.deepEqual(await adapter.listUsers({ limit: 10, after: only.id }), { users: [], next: null });
    await adapter.close();
  });

  test("a limit outside 1–1000 is misuse (TypeError), not a storage error", async () => {
    const adapter = await open();
    for (const limit of [0, -1, 1001, 2.5, Number.NaN]) {
      await assert.rejects(adapter.listUsers({ limit }), TypeError, String(limit));
    }
    await adapter.close();
  });
}

describe("listUsers on SQLite", () => {
  const dir = tempDir();
  after(() => dir.remove());
  let n = 0;
  listUsersCases(async () => {
    const adapter = createSqliteAdapter(join(dir.path, `list-${++n}.db`));
    await migrate(adapter.db);
    return adapter;
  });
});

const probe = await createPostgresTestSchema("gh_test_list");
if (!probe.ok) {
  postgresUnavailable("listUsers on PostgreSQL", probe.reason);
} else {
  const { drop } = probe.value;
  const schemas = [drop];
  after(async () => {
    for (const remove of schemas) await remove();
  });
  describe("listUsers on PostgreSQL", () => {
    listUsersCases(async () => {
      const next = await createPostgresTestSchema("gh_test_list");
      assert.ok(next.ok, "PostgreSQL answered a moment ago");
      schemas.push(next.value.drop);
      const adapter = createPostgresAdapter(next.value.url);
      await migrate(adapter.db);
      return adapter;
    });
  });
}
