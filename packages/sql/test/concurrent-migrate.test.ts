/**
 * Issue 22, item 7: two instances starting at once on an empty database, or two `migrate`
 * commands, raced. On PostgreSQL the second read the first's half-made tables (Kysely's
 * bookkeeping, committed before its migration transaction) and refused them: "Gatehouse tables but
 * no schema version". On SQLite the second failed to open the new file (SQLITE_BUSY: switching it
 * to WAL before its busy timeout was set). Now each migrate holds the migration lock from reading
 * the schema version to writing the new one, and a start that only checks the schema waits for a
 * migration under way.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import {
  createPostgresTestSchema,
  type PostgresTestSchema,
  postgresUnavailable,
} from "@gatehouse/adapter-conformance";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import type { SqlDatabase } from "../src/database.ts";
import { withMigrationLock } from "../src/lib/migration-lock.ts";
import { introspectingOnly } from "../src/lib/schema-introspection.ts";
import { assertSchema, migrate, readSchemaState } from "../src/migrate.ts";
import { migrationProvider, SCHEMA_VERSION, SHIPPED_MIGRATIONS } from "../src/migrations/index.ts";
import { createPostgresAdapter } from "../src/postgres/create-postgres-adapter.ts";
import type { SqlAdapter } from "../src/sql-adapter.ts";
import { createSqliteAdapter } from "../src/sqlite/create-sqlite-adapter.ts";
import { isStorageError } from "../src/storage-error.ts";
import { tempDir } from "./helpers.ts";

const ALL = SHIPPED_MIGRATIONS.map(({ name }) => name);
const CLI = new URL("../src/cli/migrate.ts", import.meta.url).pathname;
/** Fresh databases per case: the race was lost only some of the times, each one a new chance. */
const ROUNDS = 3;
const dir = tempDir();
after(() => dir.remove());

/** The migrations each run applied, together: every shipped one, exactly once. */
function assertAppliedOnce(applied: string[][]): void {
  assert.deepEqual(applied.flat().toSorted(), ALL, `applied: ${JSON.stringify(applied)}`);
  assert.ok(
    applied.every((names) => names.length === 0 || names.length === ALL.length),
    "one of them applied all, the others nothing",
  );
}

/** The schema is current, and Kysely recorded each migration once. */
async function assertMigratedOnce(db: SqlDatabase): Promise<void> {
  assert.deepEqual(await readSchemaState(db), { kind: "versioned", version: SCHEMA_VERSION });
  const { rows } = await sql<{ name: string }>`select name from gh_migration order by name`.execute(
    db.kysely,
  );
  assert.deepEqual(
    rows.map((row) => row.name),
    ALL,
  );
}

/** `@gatehouse/sql`'s migrate command on `url`, in a process of its own. */
async function migrateCommand(
  url: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--conditions=gatehouse-source", CLI, "--url", url], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [status] = (await once(child, "exit")) as [number | null];
  return { status, stdout, stderr };
}

/** Which migrations a command's output says it applied. */
function appliedBy(stdout: string): string[] {
  const match = /applied (.+); the schema is at version/.exec(stdout);
  return match?.[1] === undefined ? [] : match[1].split(", ");
}

/** The shipped migrations, on `locked`'s connection: what `migrate` runs under the lock. */
async function migrateUnderLock(locked: SqlDatabase, schema: string | undefined): Promise<void> {
  const { error } = await new Migrator({
    db: schema === undefined ? locked.kysely : introspectingOnly(locked.kysely, schema),
    provider: migrationProvider(locked.dialect),
    migrationTableName: "gh_migration",
    migrationLockTableName: "gh_migration_lock",
    ...(schema !== undefined && { migrationTableSchema: schema }),
  }).migrateToLatest();
  assert.equal(error, undefined);
}

const inProgress = (error: unknown) => {
  assert.ok(isStorageError(error, "SchemaMismatch"), String(error));
  assert.match(error.message, /a migration of this database is in progress/);
  return true;
};

/** A process that reads the SQLite file at argv[1] (a shared lock) for half a second, then lets go. */
const HOLD_READ_LOCK = `
import { DatabaseSync } from "node:sqlite";
const db = new DatabaseSync(process.argv[1]);
db.exec("create table holder (x); begin; select * from holder;");
process.stdout.write("reading\\n");
setTimeout(() => { db.exec("commit"); db.close(); }, 500);
`;

/** Lets every pending callback run: a read started before this has reached storage. */
async function turns(n = 20): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Reads the schema state on `reader` again and again while `migrating` migrates the same empty
 * database, until the reader sees it current; resolves to every state it read. Each read is several
 * statements: the migration's commit lands between two of them often enough, in some of the rounds.
 */
async function statesReadDuringMigration(migrating: SqlDatabase, reader: SqlDatabase): Promise<string[]> {
  const seen: string[] = [];
  let done = false;
  const migration = migrate(migrating).finally(() => (done = true));
  for (;;) {
    const state = await readSchemaState(reader);
    seen.push(state.kind === "versioned" ? `versioned ${state.version}` : state.kind);
    if (done && state.kind === "versioned") break;
  }
  await migration;
  return seen;
}

/** None of the states read during a migration was "unknown", the torn read's answer. */
function assertNeverTorn(rounds: string[][]): void {
  const torn = rounds.filter((states) => states.includes("unknown"));
  assert.deepEqual(torn, [], "a read during the migration said: Gatehouse tables but no schema version");
  assert.ok(
    rounds.every((states) => states.at(-1) === `versioned ${SCHEMA_VERSION}`),
    "each reader ends seeing the current schema",
  );
}

// Probed before any case is registered (the SQLite cases spawn processes and keep the thread busy).
const probe = await createPostgresTestSchema("gh_test_concurrent");

describe("concurrent migrations on SQLite", () => {
  let n = 0;
  const freshFile = () => join(dir.path, `concurrent-${++n}.db`);

  test("migrate commands at once on a new file (one failed: SQLITE_BUSY opening it): all succeed, each migration applied once", async () => {
    const path = freshFile();
    const runs = await Promise.all([1, 2, 3].map(() => migrateCommand(`sqlite:${path}`)));
    for (const run of runs) assert.equal(run.status, 0, run.stderr);
    assertAppliedOnce(runs.map((run) => appliedBy(run.stdout)));
    const adapter = createSqliteAdapter(path);
    await assertMigratedOnce(adapter.db);
    await adapter.close();
  });

  test("opening a new file while another process holds a lock on it waits (journal_mode = WAL ran before busy_timeout was set: SQLITE_BUSY)", async () => {
    // The race of two first starts, made certain: another process reads the new file, in the
    // rollback journal it starts with, for a moment; switching to WAL needs it to stop.
    const path = freshFile();
    const reader = spawn(process.execPath, ["--input-type=module", "-e", HOLD_READ_LOCK, path], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await once(reader.stdout, "data");
    const adapter = createSqliteAdapter(path);
    assert.deepEqual((await migrate(adapter.db)).applied, ALL);
    await adapter.close();
    await once(reader, "exit");
  });

  test("two instances in one process migrating one new file at once: both succeed (the wait never blocks the thread)", async () => {
    const path = freshFile();
    const [a, b] = [createSqliteAdapter(path), createSqliteAdapter(path)];
    const results = await Promise.all([migrate(a.db), migrate(b.db)]);
    assertAppliedOnce(results.map((result) => result.applied));
    await assertMigratedOnce(a.db);
    await Promise.all([a.close(), b.close()]);
  });

  test("a start that checks the schema during a migration waits for it, or says a migration is in progress", async () => {
    const path = freshFile();
    const [migrating, starting] = [createSqliteAdapter(path), createSqliteAdapter(path)];
    await withMigrationLock(migrating.db, undefined, async () => {
      await assert.rejects(assertSchema(starting.db, { migrationWait: 50 }), inProgress);
    });
    let checked: Promise<void> | undefined;
    let settled = false;
    await withMigrationLock(migrating.db, undefined, async (locked) => {
      checked = assertSchema(starting.db);
      checked.then(
        () => (settled = true),
        () => (settled = true),
      );
      await turns();
      assert.equal(settled, false, "it waits while the migration holds the lock");
      await migrateUnderLock(locked, undefined);
    });
    await checked;
    await Promise.all([migrating.close(), starting.close()]);
  });
  test("the schema read while another connection's migration commits is never torn (it said: tables but no schema version)", async () => {
    // readSchemaState is several statements, not one snapshot: a read that found no gh_schema, then
    // (the migration having committed in between) found gh_users, called the schema unversioned, and
    // a \`migrate up\` that trusted that read refused a database being migrated correctly.
    const rounds: string[][] = [];
    for (let round = 0; round < 10; round++) {
      const path = freshFile();
      const [migrating, reader] = [createSqliteAdapter(path), createSqliteAdapter(path)];
      rounds.push(await statesReadDuringMigration(migrating.db, reader.db));
      await Promise.all([migrating.close(), reader.close()]);
    }
    assertNeverTorn(rounds);
  });
});

if (!probe.ok) {
  postgresUnavailable("concurrent migrations on PostgreSQL", probe.reason);
} else {
  const schemas: PostgresTestSchema[] = [probe.value];
  const pools: pg.Pool[] = [];
  after(async () => {
    for (const pool of pools) await pool.end();
    for (const schema of schemas) await schema.drop();
  });
  const freshSchema = async (): Promise<PostgresTestSchema> => {
    const next = await createPostgresTestSchema("gh_test_concurrent");
    assert.ok(next.ok, "PostgreSQL answered a moment ago");
    schemas.push(next.value);
    return next.value;
  };
  /** An instance: an adapter with a pool of its own. */
  const instanceIn = (schema: PostgresTestSchema, max = 10): SqlAdapter => {
    const pool = new pg.Pool({ ...schema.poolConfig, max });
    pools.push(pool);
    return createPostgresAdapter(pool);
  };

  describe("concurrent migrations on PostgreSQL", () => {
    test("instances starting at once on an empty schema (one refused: tables but no schema version): all succeed, each migration applied once", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const schema = await freshSchema();
        const instances = [1, 2, 3, 4].map(() => instanceIn(schema));
        const results = await Promise.all(instances.map((instance) => migrate(instance.db)));
        assertAppliedOnce(results.map((result) => result.applied));
        await assertMigratedOnce(instances[0]!.db);
      }
    });

    test("two migrate commands at once on an empty schema: both succeed, each migration applied once", async () => {
      const schema = await freshSchema();
      const runs = await Promise.all([1, 2].map(() => migrateCommand(schema.url)));
      for (const run of runs) assert.equal(run.status, 0, run.stderr);
      assertAppliedOnce(runs.map((run) => appliedBy(run.stdout)));
      await assertMigratedOnce(instanceIn(schema).db);
    });

    test("the schema read while another instance's migration commits is never torn (it said: tables but no schema version)", async () => {
      const rounds: string[][] = [];
      for (let round = 0; round < 6; round++) {
        const schema = await freshSchema();
        rounds.push(await statesReadDuringMigration(instanceIn(schema).db, instanceIn(schema).db));
      }
      assertNeverTorn(rounds);
    });

    test("a start that checks the schema during a migration waits for it, or says a migration is in progress", async () => {
      const schema = await freshSchema();
      // One connection: the lock is the session's, so the migration under it is that session's too.
      const migrating = instanceIn(schema, 1);
      const starting = instanceIn(schema);
      await withMigrationLock(migrating.db, schema.schema, async () => {
        await assert.rejects(assertSchema(starting.db, { migrationWait: 50 }), inProgress);
      });

      // The start waits for the lock in pg_locks: then the migration runs, and commits.
      const waiting = sql<{ n: number }>`
        select count(*)::int as n from pg_locks
        where locktype = 'advisory' and not granted and objsubid = 2
          and objid::bigint = (hashtext(${schema.schema})::bigint & 4294967295)`;
      const { kysely } = instanceIn(probe.value).db;
      let checked: Promise<void> | undefined;
      await withMigrationLock(migrating.db, schema.schema, async (locked) => {
        checked = assertSchema(starting.db);
        while ((await waiting.execute(kysely)).rows[0]?.n === 0) await turns(1);
        await migrateUnderLock(locked, schema.schema);
      });
      await checked;
    });
  });
}
