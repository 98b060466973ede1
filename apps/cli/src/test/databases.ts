// Test helpers: every database test of the CLI runs on a SQLite file and on the test PostgreSQL.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, describe } from "node:test";
import { createPostgresTestSchema, postgresUnavailable } from "@gatehouse/adapter-conformance";
import { createSqlAdapter, migrate, type SqlAdapter } from "@gatehouse/sql";
import { tempDir } from "./run-cli.ts";

export type Dialect = "sqlite" | "postgres";

/**
 * Registers `cases` twice: on SQLite, where `fresh()` is the URL of a file that does not exist yet,
 * and on PostgreSQL (127.0.0.1:5432/test, or GATEHOUSE_TEST_POSTGRES_URL), where `fresh()` is the URL
 * of a new, empty schema. Without PostgreSQL the second is one skipped test saying why (a failure
 * when CI is set).
 */
export async function onEachDatabase(
  name: string,
  cases: (fresh: () => Promise<string>, dialect: Dialect) => void,
): Promise<void> {
  const dir = tempDir();
  after(() => dir.remove());
  let n = 0;
  describe(`${name} on SQLite`, () => {
    cases(async () => `sqlite:${join(dir.path, `db-${++n}.db`)}`, "sqlite");
  });

  const probe = await createPostgresTestSchema("gh_test_cli");
  if (!probe.ok) {
    postgresUnavailable(`${name} on PostgreSQL`, probe.reason);
    return;
  }
  const drops = [probe.value.drop];
  after(async () => {
    for (const drop of drops) await drop();
  });
  describe(`${name} on PostgreSQL`, () => {
    cases(async () => {
      const next = await createPostgresTestSchema("gh_test_cli");
      assert.ok(next.ok, "PostgreSQL answered a moment ago");
      drops.push(next.value.drop);
      return next.value.url;
    }, "postgres");
  });
}

/** Opens `url` in this process (to set up or inspect what the CLI did), migrated first when asked. */
export async function openAdapter(url: string, options: { migrated: boolean }): Promise<SqlAdapter> {
  const adapter = createSqlAdapter({ url });
  if (options.migrated) await migrate(adapter.db);
  return adapter;
}
