import { join } from "node:path";
import { after } from "node:test";
import { createPostgresTestSchema, postgresUnavailable } from "@gatehouse/adapter-conformance";
import type { Database } from "../../src/database.ts";
import { migrate } from "../../src/migrate.ts";
import { createPostgresAdapter } from "../../src/postgres/create-postgres-adapter.ts";
import type { SqlAdapter } from "../../src/sql-adapter.ts";
import { createSqliteAdapter } from "../../src/sqlite/create-sqlite-adapter.ts";
import { countRows, tempDir } from "../helpers.ts";

export interface SessionRow {
  hash: string;
  userId: string;
  expires: Date;
}

/** One fresh, migrated database of a kind, with the reads the integration suites assert on. */
export interface TestDatabase {
  adapter: SqlAdapter;
  /** Another adapter on the same database, with its own pool or file handle: a second app instance. */
  connect(): SqlAdapter;
  /** The database's URL, for an instance in another thread (`openInWorker`). */
  url: string;
  count(table: keyof Database): Promise<number>;
  sessions(): Promise<SessionRow[]>;
  /** Users that own no account row: what a half-written first sign-in would leave behind. */
  usersWithoutAccount(): Promise<number>;
  close(): Promise<void>;
}

export interface DatabaseKind {
  name: "SQLite" | "PostgreSQL";
  /** An empty database of its own, so row counts in one test never see another test's rows. */
  open(): Promise<TestDatabase>;
}

/**
 * The databases a suite runs against: a SQLite file always, and PostgreSQL when it answers. When it
 * doesn't, a stand-in test skips with the reason (fails in CI), as the adapter's own suites do.
 *
 * @example for (const kind of await databasesFor("database sessions")) describe(kind.name, …)
 */
export async function databasesFor(suite: string, only?: DatabaseKind["name"]): Promise<DatabaseKind[]> {
  const kinds: DatabaseKind[] = [];
  if (only !== "PostgreSQL") kinds.push(sqliteKind());
  if (only !== "SQLite") {
    const probe = await createPostgresTestSchema("gh_it");
    if (probe.ok) {
      await probe.value.drop();
      kinds.push(postgresKind());
    } else {
      postgresUnavailable(`${suite} on PostgreSQL`, probe.reason);
    }
  }
  return kinds;
}

function sqliteKind(): DatabaseKind {
  const dir = tempDir();
  after(() => dir.remove());
  return {
    name: "SQLite",
    async open() {
      const path = join(dir.path, `${crypto.randomUUID()}.db`);
      return over(
        createSqliteAdapter(path),
        () => createSqliteAdapter(path),
        `sqlite:${path}`,
        async () => {},
      );
    },
  };
}

function postgresKind(): DatabaseKind {
  return {
    name: "PostgreSQL",
    async open() {
      const probe = await createPostgresTestSchema("gh_it");
      if (!probe.ok) throw new Error(probe.reason);
      const { url, drop } = probe.value;
      return over(createPostgresAdapter(url), () => createPostgresAdapter(url), url, drop);
    },
  };
}

async function over(
  adapter: SqlAdapter,
  open: () => SqlAdapter,
  url: string,
  drop: () => Promise<void>,
): Promise<TestDatabase> {
  await migrate(adapter.db);
  const opened = [adapter];
  const { kysely } = adapter.db;
  return {
    adapter,
    url,
    connect() {
      const another = open();
      opened.push(another);
      return another;
    },
    count: (table) => countRows(adapter, table),
    async sessions() {
      const rows = await kysely.selectFrom("gh_sessions").selectAll().execute();
      return rows.map((row) => ({
        hash: row.session_token_hash,
        userId: row.user_id,
        // timestamptz comes back as a Date, SQLite's INTEGER as epoch milliseconds.
        expires: new Date(row.expires),
      }));
    },
    async usersWithoutAccount() {
      const rows = await kysely
        .selectFrom("gh_users as u")
        .leftJoin("gh_accounts as a", "a.user_id", "u.id")
        .select("u.id")
        .where("a.id", "is", null)
        .execute();
      return rows.length;
    },
    async close() {
      for (const each of opened) await each.close();
      await drop();
    },
  };
}
