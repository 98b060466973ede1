import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, test } from "node:test";
import { runAdapterConformance } from "@gatehouse/adapter-conformance";
import { ConfigError } from "@gatehouse/core";
import { sql } from "kysely";
import { migrate } from "../src/migrate.ts";
import { createSqliteAdapter } from "../src/sqlite/create-sqlite-adapter.ts";
import { isStorageError } from "../src/storage-error.ts";
import { sqlFixture, tempDir } from "./helpers.ts";

const dir = tempDir();
after(() => dir.remove());

runAdapterConformance({
  name: "@gatehouse/sql on a SQLite file (node:sqlite)",
  extensions: true,
  nullableEmail: true,
  setup: () => sqlFixture(createSqliteAdapter(join(dir.path, "conformance.db"))),
});

runAdapterConformance({
  name: "@gatehouse/sql on SQLite :memory:",
  extensions: true,
  nullableEmail: true,
  setup: () => sqlFixture(createSqliteAdapter(":memory:")),
});

test("the connection runs with WAL, foreign keys, a busy timeout and memory-mapped reads", async () => {
  const adapter = createSqliteAdapter(join(dir.path, "pragmas.db"));
  const pragma = async (name: string) => {
    const { rows } = await sql.raw(`PRAGMA ${name}`).execute(adapter.db.kysely);
    return { ...(rows[0] as object) };
  };
  assert.deepEqual(await pragma("journal_mode"), { journal_mode: "wal" });
  assert.deepEqual(await pragma("foreign_keys"), { foreign_keys: 1 });
  assert.deepEqual(await pragma("busy_timeout"), { timeout: 5000 });
  assert.deepEqual(await pragma("mmap_size"), { mmap_size: 0x7fff0000 });
  await adapter.close();
});

test("timestamps are stored as INTEGER epoch milliseconds", async () => {
  const sqlite = new DatabaseSync(":memory:");
  const adapter = createSqliteAdapter(sqlite);
  await migrate(adapter.db);
  const user = await adapter.createUser({
    email: "ms@example.test",
    emailVerified: new Date(1_700_000_000_123),
  });
  const row = sqlite
    .prepare("SELECT email_verified, typeof(email_verified) AS type FROM gh_users WHERE id = ?")
    .get(user.id);
  assert.deepEqual({ ...row }, { email_verified: 1_700_000_000_123, type: "integer" });
  assert.deepEqual((await adapter.getUser(user.id))?.emailVerified, new Date(1_700_000_000_123));
  await adapter.close();
  assert.ok(sqlite.isOpen, "a DatabaseSync the caller opened stays open");
  assert.deepEqual({ ...sqlite.prepare("PRAGMA foreign_keys").get() }, { foreign_keys: 1 });
  sqlite.close();
});

test("a database locked by another process fails with StorageUnavailable once busy_timeout passes", async () => {
  const path = join(dir.path, "locked.db");
  const adapter = createSqliteAdapter(path, { busyTimeout: 20 });
  await migrate(adapter.db);
  const other = new DatabaseSync(path);
  other.exec("BEGIN IMMEDIATE");
  try {
    await assert.rejects(
      async () => adapter.createUser({ email: "locked@example.test", emailVerified: null }),
      (error) => {
        assert.ok(isStorageError(error, "StorageUnavailable"), String(error));
        assert.equal(error.driverCode, "5");
        return true;
      },
    );
  } finally {
    other.exec("ROLLBACK");
    other.close();
  }
  assert.ok(
    await adapter.createUser({ email: "locked@example.test", emailVerified: null }),
    "works once released",
  );
  await adapter.close();
});

test("a closed adapter fails with StorageUnavailable", async () => {
  const sqlite = new DatabaseSync(":memory:");
  const adapter = createSqliteAdapter(sqlite);
  await migrate(adapter.db);
  sqlite.close();
  await assert.rejects(
    async () => adapter.getUser("x"),
    (error) => isStorageError(error, "StorageUnavailable"),
  );
  await assert.rejects(
    async () => adapter.rateLimits.hit("k", { windowMs: 1000, now: 0 }),
    (error) => isStorageError(error, "StorageUnavailable"),
  );
});

test("rate-limit times are whole milliseconds, rounded up; misuse is a TypeError", async () => {
  const adapter = createSqliteAdapter(":memory:");
  await migrate(adapter.db);
  const store = adapter.rateLimits;
  assert.deepEqual(await store.hit("ms", { windowMs: 1000.2, now: 1000.5 }), { count: 1, resetAt: 2001 });
  assert.deepEqual(await store.peek("ms", 2000.9), { count: 1, resetAt: 2001 });
  assert.equal(await store.peek("ms", 2001), null);
  await assert.rejects(store.hit("ms", { windowMs: 0, now: 1 }), TypeError);
  await assert.rejects(store.hit("ms", { windowMs: 1000, now: Number.NaN }), TypeError);
  await assert.rejects(store.peek("ms", Number.POSITIVE_INFINITY), TypeError);
  await adapter.close();
});

test("a duplicate email is EmailTaken, and no error message carries SQL or values", async () => {
  const adapter = createSqliteAdapter(":memory:");
  await migrate(adapter.db);
  const email = "secret-person@example.test";
  await adapter.createUser({ email, emailVerified: null });
  await assert.rejects(
    async () => adapter.createUser({ email, emailVerified: null }),
    (error) => {
      assert.ok(isStorageError(error, "EmailTaken"));
      assert.doesNotMatch(error.message, /secret-person|insert|gh_users/i);
      assert.equal(error.constraint, "gh_users.email");
      return true;
    },
  );
  await adapter.close();
});

test("a path whose folder does not exist is a ConfigError that names the folder, not an outage", () => {
  const folder = join(dir.path, "no", "such", "dir");
  assert.throws(
    () => createSqliteAdapter(join(folder, "x.db")),
    (error) =>
      error instanceof ConfigError &&
      error.message.includes(`does not exist: ${folder}`) &&
      error.message.includes("mkdir -p"),
  );
});

test("an unopenable path in a folder that exists fails with StorageUnavailable at creation", () => {
  // The path is a folder: SQLite cannot open it as a database file.
  assert.throws(
    () => createSqliteAdapter(dir.path),
    (error) => isStorageError(error, "StorageUnavailable"),
  );
});

test("the fast session lookup never reads another caller's uncommitted transaction", async () => {
  const adapter = createSqliteAdapter(":memory:");
  await migrate(adapter.db);
  const user = await adapter.createUser({ email: "tx@example.test", emailVerified: null });
  const hash = "a".repeat(64);
  const committed = "b".repeat(64);
  await adapter.createSession({
    sessionToken: committed,
    userId: user.id,
    expires: new Date(Date.now() + 60_000),
  });
  let lookup: Promise<unknown> | undefined;
  let waiting: ReturnType<typeof adapter.getSessionAndUser> | undefined;
  // The transaction inserts the session, lets a concurrent lookup start, then rolls back: the
  // lookup must wait for the connection and find nothing, not return the row that never was.
  await assert.rejects(
    adapter.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("gh_sessions")
        .values({ session_token_hash: hash, user_id: user.id, expires: Date.now() + 60_000 })
        .execute();
      lookup = Promise.resolve(adapter.getSessionAndUser(hash));
      waiting = adapter.getSessionAndUser(committed); // a stored session is still found that way
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new Error("roll back");
    }),
    /roll back/,
  );
  assert.equal(await lookup, null);
  assert.equal((await waiting)?.user.email, "tx@example.test");
  await adapter.createSession({
    sessionToken: hash,
    userId: user.id,
    expires: new Date(Date.now() + 60_000),
  });
  const found = await adapter.getSessionAndUser(hash);
  assert.equal(found?.user.email, "tx@example.test");
  assert.ok(found?.session.expires instanceof Date);
  await adapter.close();
  await assert.rejects(
    async () => adapter.getSessionAndUser(hash),
    (error: unknown) => isStorageError(error),
  );
});
