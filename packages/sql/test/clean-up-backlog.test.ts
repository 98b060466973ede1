/**
 * The hourly clean-up (`deleteExpiredSessions`) against a backlog larger than one batch: every
 * expired row goes, no live one, on SQLite and on PostgreSQL with the adapter's own statement
 * time-out in force (a single DELETE of a large backlog could be cancelled by it every hour).
 */
import assert from "node:assert/strict";
import { describe } from "node:test";
import { migrate } from "../src/migrate.ts";
import { CLEAN_UP_BATCH, type SqlAdapter } from "../src/sql-adapter.ts";
import { countRows, onEachDatabase } from "./helpers.ts";

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

describe("deleteExpiredSessions clears a backlog of more than one batch (PostgreSQL: statement time-out in force)", () => {
  onEachDatabase(cleanUpBacklog);
});
