import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import {
  type ConformanceFixture,
  type CountedTable,
  createPostgresTestSchema,
} from "@gatehouse/adapter-conformance";
import { createSqlAdapter } from "../src/create-sql-adapter.ts";
import type { Database } from "../src/database.ts";
import { migrate } from "../src/migrate.ts";
import type { SqlAdapter } from "../src/sql-adapter.ts";

const TABLES: Record<CountedTable, keyof Database> = {
  users: "gh_users",
  accounts: "gh_accounts",
  sessions: "gh_sessions",
  verificationTokens: "gh_verification_tokens",
  passwords: "gh_passwords",
};

/** Migrates the adapter's database and wraps it as a conformance fixture. */
export async function sqlFixture(
  adapter: SqlAdapter,
  cleanup: () => Promise<void> = async () => {},
): Promise<ConformanceFixture> {
  await migrate(adapter.db);
  return {
    adapter,
    async teardown() {
      await adapter.close();
      await cleanup();
    },
    count: (table) => countRows(adapter, TABLES[table]),
  };
}

export async function countRows(adapter: SqlAdapter, table: keyof Database): Promise<number> {
  const row = await adapter.db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A temporary directory, removed (with SQLite's -wal/-shm files) by the returned function. */
export function tempDir(): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), "gatehouse-sql-"));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * One test per database: a fresh SQLite file, and a fresh PostgreSQL schema through a URL (so the
 * adapter owns its pool, with its time-outs in force), skipped with the reason when PostgreSQL is not
 * there. `run` gets an unmigrated adapter, closed after it.
 */
export function onEachDatabase(run: (adapter: SqlAdapter) => Promise<void>): void {
  test("SQLite", async () => {
    const dir = tempDir();
    const adapter = createSqlAdapter({ url: `sqlite:${join(dir.path, "test.db")}` });
    try {
      await run(adapter);
    } finally {
      await adapter.close();
      dir.remove();
    }
  });
  test("PostgreSQL", async (t) => {
    const probe = await createPostgresTestSchema();
    if (!probe.ok) {
      t.skip(probe.reason);
      return;
    }
    const adapter = createSqlAdapter({ url: probe.value.url });
    try {
      await run(adapter);
    } finally {
      await adapter.close();
      await probe.value.drop();
    }
  });
}
