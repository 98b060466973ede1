/**
 * The hourly clean-up (`deleteExpiredSessions`) against a backlog larger than one batch: every
 * expired row goes, no live one, on SQLite and on PostgreSQL with the adapter's own statement
 * time-out in force (a single DELETE of a large backlog could be cancelled by it every hour).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { createPostgresTestSchema } from "@gatehouse/adapter-conformance";
import { createSqlAdapter } from "../src/create-sql-adapter.ts";
import { migrate } from "../src/migrate.ts";
import { CLEAN_UP_BATCH, type SqlAdapter } from "../src/sql-adapter.ts";
import { countRows, tempDir } from "./helpers.ts";

const BACKLOG = CLEAN_UP_BATCH * 2 + 7;

async function cleanUpBacklog(adapter: SqlAdapter): Promise<void> {
  await migrate(adapter.db);
  const { kysely, dialect } = adapter.db;
  const at = (ms: number) => (dialect === "postgres" ? new Date(ms) : ms);
  const now = Date.UTC(2026, 10, 28);
  await kysely
    .insertInto("gh_users")
    .values({ id: "u-backlog", email: "backlog@example.test" } as never)
    .execute();
  for (let start = 0; start < BACKLOG; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(start + 1000, BACKLOG); i++) {
      rows.push({ session_token_hash: `expired-${i}`, user_id: "u-backlog", expires: at(now - 1000 - i) });
    }
    await kysely
      .insertInto("gh_sessions")
      .values(rows as never)
      .execute();
  }
  await kysely
    .insertInto("gh_sessions")
    .values({ session_token_hash: "live", user_id: "u-backlog", expires: at(now + 60_000) } as never)
    .execute();

  assert.equal(await adapter.deleteExpiredSessions(new Date(now)), BACKLOG, "every expired session, counted");
  assert.equal(await countRows(adapter, "gh_sessions"), 1, "the live one stays");
  assert.equal(await adapter.deleteExpiredSessions(new Date(now)), 0, "nothing left");
}

describe("deleteExpiredSessions clears a backlog of more than one batch", () => {
  test("SQLite", async () => {
    const dir = tempDir();
    const adapter = createSqlAdapter({ url: `sqlite:${join(dir.path, "backlog.db")}` });
    try {
      await cleanUpBacklog(adapter);
    } finally {
      await adapter.close();
      dir.remove();
    }
  });

  test("PostgreSQL, statement time-out in force", async (t) => {
    const probe = await createPostgresTestSchema();
    if (!probe.ok) {
      t.skip(probe.reason);
      return;
    }
    after(() => probe.value.drop());
    const adapter = createSqlAdapter({ url: probe.value.url });
    try {
      await cleanUpBacklog(adapter);
    } finally {
      await adapter.close();
    }
  });
});
